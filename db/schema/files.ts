import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, ms } from "./_columns";
import { agents } from "./agents";
import { users } from "./users";
import { workspaces } from "./workspaces";

/**
 * Files we keep on disk under DATA_DIR/files (0600), served only through GET /api/v1/files/{id}
 * (issue 19): who may read one is decided by its purpose (src/services/files/access.ts).
 */
export const storedFiles = sqliteTable(
  "stored_files",
  {
    id: id(),
    /**
     * support: a support request's attachment (its author and the admins) · lesson_video and
     * lesson_material: academy files (whoever may open the lesson) · chat_image: a conversation's
     * image (the workspace's members) · agent_avatar: an agent's picture (public while the agent is).
     */
    purpose: text("purpose", { enum: ["support", "lesson_video", "lesson_material", "chat_image", "agent_avatar"] }).notNull(),
    /** The tenant the file belongs to (chat images, agent avatars); null for platform files. */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    ownerUserId: text("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    agentId: text("agent_id").references(() => agents.id, { onDelete: "cascade" }),
    /** What the file hangs off: a support request, a lesson, a conversation message… */
    refId: text("ref_id"),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** Relative to DATA_DIR: files/<yyyy-mm>/<id>. */
    storagePath: text("storage_path").notNull(),
    createdAt: ms("created_at")
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [
    index("stored_files_workspace_idx").on(t.workspaceId),
    index("stored_files_ref_idx").on(t.purpose, t.refId),
    index("stored_files_owner_idx").on(t.ownerUserId),
  ],
);
