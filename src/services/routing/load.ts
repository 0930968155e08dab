import { and, desc, eq } from "drizzle-orm";
import { agents, channelRouters, conversations, orchestrationAgents, orchestrationRules } from "../../../db/schema";
import type { AgentRow } from "../../runtime/prompt";
import { DEFAULT_ROUTER_CONFIDENCE_THRESHOLD, type RouterManualRule, type RoutingChannel } from "../../schemas/orchestration";
import { activeAgent } from "../agent-cache";
import type { AppDeps } from "../context";
import type { RuleRow } from "./conditions";

/** What the routing engine reads of an orchestration on a turn; every read is indexed and bounded. */
export type Member = { agentId: string; name: string; role: string | null; activity: string | null; isActive: boolean };
export type RouterConfig = {
  aiEnabled: boolean;
  threshold: number;
  aiModel: string | null;
  manualRules: RouterManualRule[];
  defaultAgentId: string | null;
  lowConfidenceAction: "default_agent" | "human";
};
/** An orchestration rarely has more than a handful of agents and rules; the cap keeps reads bounded. */
const MEMBERS_CAP = 100;
const RULES_CAP = 200;

export async function loadMembers(deps: AppDeps, workspaceId: string, orchestrationId: string): Promise<Member[]> {
  return deps.db
    .select({ agentId: orchestrationAgents.agentId, name: agents.name, role: orchestrationAgents.role, activity: agents.activity, isActive: agents.isActive })
    .from(orchestrationAgents)
    .innerJoin(agents, eq(agents.id, orchestrationAgents.agentId))
    .where(and(eq(orchestrationAgents.orchestrationId, orchestrationId), eq(orchestrationAgents.workspaceId, workspaceId)))
    .limit(MEMBERS_CAP);
}

/** conversations.active_agent_id by primary key (null: the entry agent answers). */
export async function conversationActiveAgentId(deps: AppDeps, workspaceId: string, conversationId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ activeAgentId: conversations.activeAgentId })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.workspaceId, workspaceId)))
    .limit(1);
  return row?.activeAgentId ?? null;
}

/** The router of this channel kind, or the defaults (AI on, threshold 0.80, the entry agent as default). */
export async function loadRouter(deps: AppDeps, workspaceId: string, orchestrationId: string, channel: RoutingChannel): Promise<RouterConfig> {
  const [row] = await deps.db
    .select()
    .from(channelRouters)
    .where(and(eq(channelRouters.orchestrationId, orchestrationId), eq(channelRouters.channel, channel), eq(channelRouters.workspaceId, workspaceId)))
    .limit(1);
  if (!row) return { aiEnabled: true, threshold: DEFAULT_ROUTER_CONFIDENCE_THRESHOLD, aiModel: null, manualRules: [], defaultAgentId: null, lowConfidenceAction: "default_agent" };
  return {
    aiEnabled: row.aiEnabled,
    threshold: row.aiConfidenceThreshold,
    aiModel: row.aiModel,
    manualRules: [...row.manualRules].sort((a, b) => b.priority - a.priority),
    defaultAgentId: row.defaultAgentId,
    lowConfidenceAction: row.lowConfidenceAction,
  };
}

/** The active rules out of one agent, highest priority first. */
export async function rulesFrom(deps: AppDeps, workspaceId: string, orchestrationId: string, fromAgentId: string): Promise<(RuleRow & { description: string | null })[]> {
  return deps.db
    .select({
      id: orchestrationRules.id,
      toAgentId: orchestrationRules.toAgentId,
      priority: orchestrationRules.priority,
      conditions: orchestrationRules.conditions,
      conditionMode: orchestrationRules.conditionMode,
      description: orchestrationRules.description,
    })
    .from(orchestrationRules)
    .where(and(eq(orchestrationRules.orchestrationId, orchestrationId), eq(orchestrationRules.fromAgentId, fromAgentId), eq(orchestrationRules.workspaceId, workspaceId), eq(orchestrationRules.isActive, true)))
    .orderBy(desc(orchestrationRules.priority))
    .limit(RULES_CAP);
}

/** A member that may answer now (active, not blocked, owner not suspended), or null to skip it. */
export async function answeringAgent(deps: AppDeps, agentId: string, workspaceId: string): Promise<AgentRow | null> {
  try {
    const row = await activeAgent(deps, agentId);
    return row.workspaceId === workspaceId ? row : null;
  } catch {
    return null;
  }
}
