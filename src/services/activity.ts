import { userActivityLogs } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import type { RequestMeta } from "./context";

export type ActivityEntry = {
  userId: string | null;
  workspaceId?: string | null;
  agentId?: string | null;
  action: string;
  category: "auth" | "workspace" | "credits" | "agent" | "admin" | "conversation" | "crm";
  resourceType?: string;
  resourceId?: string;
  description?: string;
  details?: Record<string, unknown>;
  sessionId?: string | null;
};

/** Append-only audit trail (user_activity_logs). */
export async function logActivity(db: DbOrTx, meta: RequestMeta | null, e: ActivityEntry) {
  await db.insert(userActivityLogs).values({
    userId: e.userId,
    workspaceId: e.workspaceId ?? null,
    agentId: e.agentId ?? null,
    action: e.action,
    category: e.category,
    resourceType: e.resourceType ?? null,
    resourceId: e.resourceId ?? null,
    description: e.description ?? null,
    details: e.details ?? null,
    ipAddress: meta?.ipAddress ?? null,
    userAgent: meta?.userAgent ?? null,
    sessionId: e.sessionId ?? null,
  });
}
