/**
 * What a turn reads besides the agent row — the agent's intents and integrations, the platform
 * settings — kept per thread and checked by ONE version read per turn (issue 12 item 6). Triggers
 * (migration 0012_config_versions) bump agents.config_version on every write of an agent's intents or integrations,
 * and config_heads 'platform' on every write of platform-wide configuration, inside the writer's own
 * transaction: an edit made on the main thread, in the job Worker or by another process is seen by
 * the next turn everywhere, with no invalidation call to forget.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { agentIntegrations, agentIntents, platformSettings } from "../../db/schema";
import { ownerKey } from "../lib/ttl-cache";

export type IntegrationRow = typeof agentIntegrations.$inferSelect;
export type IntentRow = typeof agentIntents.$inferSelect;
export type PlatformSettingRow = typeof platformSettings.$inferSelect;

/** The versions one turn runs under, read with the agent's gate (services/agent-gate.ts). */
export type TurnStamp = { knowledgeVersion: number; configVersion: number; platformVersion: number };

/** The agent's configuration as of a stamp. Rows are shared between turns: callers copy before changing. */
export type AgentConfig = {
  /** Every integration of the agent (all kinds), oldest first. */
  integrations: readonly IntegrationRow[];
  /** Active intents, priority desc then oldest first. */
  intents: readonly IntentRow[];
  settings: ReadonlyMap<string, PlatformSettingRow>;
};

/** An agent's integrations, oldest first (prepared once per database). */
export function readIntegrations(db: Db, agentId: string): Promise<IntegrationRow[]> {
  const query = prepared(db, "integrations-of-agent", (d) =>
    d.select().from(agentIntegrations).where(eq(agentIntegrations.agentId, sql.placeholder("agentId"))).orderBy(asc(agentIntegrations.createdAt)).prepare(),
  );
  return query.all({ agentId });
}

/** An agent's active intents, priority desc then oldest first (the order the model sees). */
export function readActiveIntents(db: Db, agent: { id: string; workspaceId: string }): Promise<IntentRow[]> {
  const query = prepared(db, "active-intents", (d) =>
    d
      .select()
      .from(agentIntents)
      .where(and(eq(agentIntents.agentId, sql.placeholder("agentId")), eq(agentIntents.workspaceId, sql.placeholder("workspaceId")), eq(agentIntents.isActive, true)))
      .orderBy(desc(agentIntents.priority), asc(agentIntents.createdAt))
      .prepare(),
  );
  return query.all({ agentId: agent.id, workspaceId: agent.workspaceId });
}

/** Every platform setting row (one per key, a handful). */
export function readPlatformSettings(db: Db): Promise<PlatformSettingRow[]> {
  return prepared(db, "platform-settings-all", (d) => d.select().from(platformSettings).prepare()).all();
}

type AgentEntry = { configVersion: number; workspaceId: string; integrations: IntegrationRow[]; intents: IntentRow[] };
type PlatformEntry = { version: number; settings: Map<string, PlatformSettingRow> };

/** Per thread; bounded (a dynamic API's config can be large), the least recently loaded dropped first. */
const MAX_AGENTS = 1_000;
const agentEntries = new Map<string, AgentEntry>();
const platformEntries = new Map<number, PlatformEntry>();
/** Things cached elsewhere under the platform version (prompt, providers, prices): cleared when it moves. */
const platformListeners: (() => void)[] = [];

export function onPlatformConfigChange(listener: () => void) {
  platformListeners.push(listener);
}

/**
 * Every entry is read AFTER the version it is labelled with was read, so it is never older than its
 * label; a turn that reads a newer version loads again. A load racing another may store a lower
 * label over a higher one: that costs a reload, never a stale answer.
 */
async function platformEntry(db: Db, version: number): Promise<PlatformEntry> {
  const owner = ownerKey(db);
  const cached = platformEntries.get(owner);
  if (cached?.version === version) return cached;
  for (const listener of platformListeners) listener();
  const rows = await readPlatformSettings(db);
  const entry = { version, settings: new Map(rows.map((r) => [r.key, r])) };
  platformEntries.set(owner, entry);
  return entry;
}

async function agentEntry(db: Db, agent: { id: string; workspaceId: string }, version: number): Promise<AgentEntry> {
  const key = `${ownerKey(db)}:${agent.id}`;
  const cached = agentEntries.get(key);
  if (cached?.configVersion === version && cached.workspaceId === agent.workspaceId) return cached;
  const [integrations, intents] = await Promise.all([readIntegrations(db, agent.id), readActiveIntents(db, agent)]);
  const entry = { configVersion: version, workspaceId: agent.workspaceId, integrations, intents };
  agentEntries.delete(key);
  if (agentEntries.size >= MAX_AGENTS) agentEntries.delete(agentEntries.keys().next().value as string);
  agentEntries.set(key, entry);
  return entry;
}

/** The agent's configuration as of `stamp`: from this thread's copy while the versions hold. */
export async function loadAgentConfig(db: Db, agent: { id: string; workspaceId: string }, stamp: TurnStamp): Promise<AgentConfig> {
  const [a, p] = await Promise.all([agentEntry(db, agent, stamp.configVersion), platformEntry(db, stamp.platformVersion)]);
  return { integrations: a.integrations, intents: a.intents, settings: p.settings };
}

/**
 * The turn's agent object carries its configuration to the tool providers: the integration and
 * intent readers (src/integrations/store.ts, intents/provider.ts, platform-settings.ts) use it when
 * handed that object, and read the database otherwise (editor screens, tool calls).
 */
const attached = new WeakMap<object, AgentConfig>();

export function attachConfig<T extends object>(agent: T, config: AgentConfig): T {
  attached.set(agent, config);
  return agent;
}

export const configOf = (agent: unknown): AgentConfig | undefined => (typeof agent === "object" && agent !== null ? attached.get(agent) : undefined);
