/**
 * Who may read a stored file (issue 19), decided by its purpose:
 * - support: its author, or a platform admin;
 * - lesson_video / lesson_material: whoever may open the lesson (canOpenLesson; admins always);
 * - chat_image: members of the file's workspace, or an admin;
 * - agent_avatar: anyone while the agent is active and not blocked (the public chat shows it),
 *   otherwise members of its workspace or an admin.
 * Refusals carry SPEC §8's image texts: anonymous → 401, signed in but not allowed → 403, missing → 404.
 */
import { eq } from "drizzle-orm";
import { academyLessonMaterials, academyLessons, agents } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { IMAGE_ERRORS } from "../../schemas/account";
import { resolveMembership } from "../access";
import { canOpenLesson } from "../academy/access";
import type { AppDeps } from "../context";
import type { SessionUser } from "../sessions";
import { type StoredFile, findStoredFile } from "./store";

export type FileViewer = Pick<SessionUser, "id" | "role"> | null;

/** A stored-file id is a UUID; anything else cannot name a file (and never reaches the database). */
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The file row if `viewer` may read it. An anonymous caller learns nothing about ids that are not
 * public (401 whether the file exists or not); a signed-in one gets 404 for a missing id, 403 for
 * another's file.
 */
export async function readableFile(deps: Pick<AppDeps, "db">, viewer: FileViewer, fileId: string): Promise<StoredFile> {
  const row = FILE_ID.test(fileId) ? await findStoredFile(deps.db, fileId) : null;
  if (!viewer) {
    if (row && (await isPublic(deps, row))) return row;
    throw new AppError("UNAUTHORIZED", IMAGE_ERRORS.unauthorized);
  }
  if (!row) throw new AppError("NOT_FOUND", IMAGE_ERRORS.notFound);
  if (viewer.role === "admin" || (await mayRead(deps, viewer, row))) return row;
  throw new AppError("FORBIDDEN", IMAGE_ERRORS.forbidden);
}

async function isPublic(deps: Pick<AppDeps, "db">, file: StoredFile): Promise<boolean> {
  if (file.purpose !== "agent_avatar" || !file.agentId) return false;
  const [agent] = await deps.db
    .select({ isActive: agents.isActive, adminBlockedAt: agents.adminBlockedAt })
    .from(agents)
    .where(eq(agents.id, file.agentId))
    .limit(1);
  return !!agent && agent.isActive && agent.adminBlockedAt === null;
}

async function isMember(deps: Pick<AppDeps, "db">, userId: string, workspaceId: string | null): Promise<boolean> {
  return !!workspaceId && !!(await resolveMembership(deps.db, userId, workspaceId));
}

async function mayRead(deps: Pick<AppDeps, "db">, viewer: NonNullable<FileViewer>, file: StoredFile): Promise<boolean> {
  switch (file.purpose) {
    case "support":
      return file.ownerUserId === viewer.id;
    case "chat_image":
      return isMember(deps, viewer.id, file.workspaceId);
    case "agent_avatar":
      return (await isPublic(deps, file)) || isMember(deps, viewer.id, file.workspaceId ?? (await agentWorkspace(deps, file.agentId)));
    case "lesson_video":
    case "lesson_material": {
      const lessonId = await lessonOf(deps, file);
      return !!lessonId && canOpenLesson(deps, viewer, lessonId);
    }
  }
}

async function agentWorkspace(deps: Pick<AppDeps, "db">, agentId: string | null): Promise<string | null> {
  if (!agentId) return null;
  const [agent] = await deps.db.select({ workspaceId: agents.workspaceId }).from(agents).where(eq(agents.id, agentId)).limit(1);
  return agent?.workspaceId ?? null;
}

/**
 * The lesson a file belongs to: what the lesson or material row points at wins over refId, so a
 * file detached from its lesson (replaced video) stops being served through that lesson.
 */
async function lessonOf(deps: Pick<AppDeps, "db">, file: StoredFile): Promise<string | null> {
  if (file.purpose === "lesson_material") {
    const [m] = await deps.db
      .select({ lessonId: academyLessonMaterials.lessonId })
      .from(academyLessonMaterials)
      .where(eq(academyLessonMaterials.fileId, file.id))
      .limit(1);
    return m?.lessonId ?? null;
  }
  const [l] = await deps.db.select({ id: academyLessons.id }).from(academyLessons).where(eq(academyLessons.videoFileId, file.id)).limit(1);
  return l?.id ?? null;
}
