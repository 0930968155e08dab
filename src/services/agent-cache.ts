import { eq } from "drizzle-orm";
import { agents } from "../../db/schema";
import { AppError } from "../lib/errors";
import { TtlCache } from "../lib/ttl-cache";
import { agentUnavailableReason } from "./agent-availability";
import type { AppDeps } from "./context";

/**
 * The agent row as the public paths (chat, widget, embed CORS) read it on every message, cached
 * briefly. Its own module so the editor's writes (services/agents.ts) can invalidate it without
 * importing the chat runtime (that import closed the services → runtime → integrations cycle).
 */
export const AGENT_NOT_FOUND = "Agente não encontrado";

const agentCache = new TtlCache<typeof agents.$inferSelect | null>(2_000);

export function invalidateAgent(id: string) {
  agentCache.delete(id);
}

/**
 * allowUnavailable: the caller shows why the agent does not answer (the chat page); everyone else
 * gets FORBIDDEN with that pt-BR reason (admin block, suspended owner), checked before "inactive"
 * so a blocked agent's visitors read the reason, not "not found".
 */
export async function activeAgent(deps: AppDeps, id: string, opts: { allowInactive?: boolean; allowUnavailable?: boolean } = {}) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("NOT_FOUND", AGENT_NOT_FOUND);
  const row = await agentCache.get(id, async () => (await deps.db.select().from(agents).where(eq(agents.id, id)).limit(1))[0] ?? null);
  if (!row) throw new AppError("NOT_FOUND", AGENT_NOT_FOUND);
  if (!opts.allowUnavailable) {
    const reason = await agentUnavailableReason(deps.db, id);
    if (reason) throw new AppError("FORBIDDEN", reason, { unavailable: true });
  }
  if (!row.isActive && !opts.allowInactive) throw new AppError("NOT_FOUND", AGENT_NOT_FOUND);
  return row;
}
