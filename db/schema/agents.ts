import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, ms, timestamps } from "./_columns";
import { users } from "./users";
import { workspaces } from "./workspaces";

/** Core agent columns; the editor's sections (issue 3) extend this table. */
export const agents = sqliteTable(
  "agents",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    avatarUrl: text("avatar_url"),
    activity: text("activity"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    ...timestamps,
  },
  (t) => [index("agents_workspace_idx").on(t.workspaceId)],
);

/** One customer thread on any channel; usersServed counts these per month. */
export const conversations = sqliteTable(
  "conversations",
  {
    id: id(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    agentId: text("agent_id").references(() => agents.id, { onDelete: "set null" }),
    channel: text("channel").notNull(),
    /** The channel's identifier of the customer: phone, chat id, user id or web session id. */
    contactKey: text("contact_key").notNull(),
    clientName: text("client_name"),
    clientAvatar: text("client_avatar"),
    clientPhone: text("client_phone"),
    clientEmail: text("client_email"),
    status: text("status").notNull().default("active"),
    assignedToUserId: text("assigned_to_user_id"),
    lastMessageAt: ms("last_message_at"),
    unreadCount: integer("unread_count").notNull().default(0),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    index("conversations_workspace_idx").on(t.workspaceId, t.createdAt),
    index("conversations_agent_contact_idx").on(t.agentId, t.channel, t.contactKey),
  ],
);
