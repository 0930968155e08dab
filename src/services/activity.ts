import { userActivityLogs } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import type { RequestMeta } from "./context";

/**
 * The categories the /logs screen filters by (pt-BR labels in src/schemas/activity.ts). One per
 * domain, so "what happened to my agents" is one filter.
 */
export const ACTIVITY_CATEGORIES = [
  "auth",
  "account",
  "workspace",
  "member",
  "credits",
  "billing",
  "agent",
  "training",
  "channel",
  "integration",
  "conversation",
  "crm",
  "campaign",
  "admin",
] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

export type ActivityEntry = {
  userId: string | null;
  workspaceId?: string | null;
  agentId?: string | null;
  /** dotted verb, e.g. "agent.updated", "member.removed" */
  action: string;
  category: ActivityCategory;
  resourceType?: string;
  resourceId?: string;
  /** One pt-BR sentence a person reads on /logs. */
  description?: string;
  details?: Record<string, unknown>;
  /** For edits: the changed fields before and after (secrets never: pass them through redactSecrets). */
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
  sessionId?: string | null;
};

/** Append-only audit trail (user_activity_logs): the one helper every changing service verb writes through. */
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
    oldValues: e.oldValues ?? null,
    newValues: e.newValues ?? null,
    ipAddress: meta?.ipAddress ?? null,
    userAgent: meta?.userAgent ?? null,
    sessionId: e.sessionId ?? null,
  });
}

const SECRET_KEY = /pass(word)?|secret|token|api_?key|authorization|credential|private/i;

/** A copy with every secret-looking field replaced by "••••" (deep): what an audit line may keep. */
export function redactSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v)) as T;
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) && v !== null && v !== "" ? "••••" : redactSecrets(v);
  return out as T;
}

/**
 * Only the fields that changed, before and after: what an "edited" line shows. Both sides are
 * redacted; a field whose JSON is equal on both sides is left out.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === "updatedAt" || key === "createdAt") continue;
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    oldValues[key] = before[key] ?? null;
    newValues[key] = after[key];
  }
  return { oldValues: clipLong(redactSecrets(oldValues)), newValues: clipLong(redactSecrets(newValues)) };
}

/** An audit line keeps the gist of a long text (a training text, a prompt), not megabytes of it. */
const CLIP_AT = 500;
function clipLong<T>(value: T): T {
  if (typeof value === "string") return (value.length > CLIP_AT ? `${value.slice(0, CLIP_AT)}… (${value.length} caracteres)` : value) as T;
  if (Array.isArray(value)) return value.map((v) => clipLong(v)) as T;
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clipLong(v)])) as T;
}
