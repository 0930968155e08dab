import { eq } from "drizzle-orm";
import { agents } from "../../db/schema";
import { AppError } from "../lib/errors";
import { TtlCache } from "../lib/ttl-cache";
import { agentUnavailableReason } from "./agent-availability";
import { type AgentGate, readAgentGate } from "./agent-gate";
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

type AgentRowOrNull = typeof agents.$inferSelect | null;

async function cachedRow(deps: AppDeps, id: string): Promise<AgentRowOrNull> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError("NOT_FOUND", AGENT_NOT_FOUND);
  return agentCache.get(id, async () => (await deps.db.select().from(agents).where(eq(agents.id, id)).limit(1))[0] ?? null);
}

/** The checks in their order: gone, then unavailable (its pt-BR reason), then inactive. */
function usable(row: AgentRowOrNull, unavailableReason: string | null, opts: { allowInactive?: boolean }) {
  if (!row) throw new AppError("NOT_FOUND", AGENT_NOT_FOUND);
  if (unavailableReason) throw new AppError("FORBIDDEN", unavailableReason, { unavailable: true });
  if (!row.isActive && !opts.allowInactive) throw new AppError("NOT_FOUND", AGENT_NOT_FOUND);
  return row;
}

/**
 * allowUnavailable: the caller shows why the agent does not answer (the chat page); everyone else
 * gets FORBIDDEN with that pt-BR reason (admin block, suspended owner), checked before "inactive"
 * so a blocked agent's visitors read the reason, not "not found".
 */
export async function activeAgent(deps: AppDeps, id: string, opts: { allowInactive?: boolean; allowUnavailable?: boolean } = {}) {
  const row = await cachedRow(deps, id);
  const reason = row && !opts.allowUnavailable ? await agentUnavailableReason(deps.db, id) : null;
  return usable(row, reason, opts);
}

/**
 * activeAgent for a message about to be answered: the availability comes with the rest of what
 * the turn asks first (services/agent-gate.ts), in the same one read, and the gate goes to the turn.
 */
export async function activeAgentForTurn(deps: AppDeps, id: string): Promise<{ agent: typeof agents.$inferSelect; gate: AgentGate | null }> {
  const row = await cachedRow(deps, id);
  const gate = row ? await readAgentGate(deps.db, id) : null;
  return { agent: usable(row, gate?.unavailableReason ?? null, {}), gate };
}
