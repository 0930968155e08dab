import { type AgentGate, gateFor } from "../agent-gate";
import type { AgentRow } from "../../runtime/prompt";
import type { TurnPlace } from "../../runtime/turn-plan";
import { type HandoffReason, type RoutingMethod, routingChannelOf } from "../../schemas/orchestration";
import type { AppDeps } from "../context";
import { contactValues } from "../crm/template-values";
import { workspaceTimezone } from "../workspace-settings";
import { classifyTurn } from "./classify";
import { type ConditionContext, type RuleRow, type Verdict, intentTopics, ruleVerdict } from "./conditions";
import { answeringAgent, conversationActiveAgentId, loadMembers, loadRouter, rulesFrom } from "./load";
import { foldText, matchesKeywords } from "./match";
import { storeDecision } from "./store";
import { buildTransfer } from "./transfer";

/**
 * FIXED SIGNATURE (issue 18 foundation; the routing engine fills it in): which agent answers this
 * turn. Without an active orchestration whose entry point is `entryAgent`, the entry agent answers
 * and nothing is written.
 */
/** gate: the entry agent's, read for this message (its orchestration is not looked up again). */
export type RouteInput = { entryAgent: AgentRow; place: TurnPlace; text: string; gate?: AgentGate | null };
export type RouteOutcome = {
  agent: AgentRow;
  /** On the turn of a transfer: the summary and the customer's data for the receiving agent. */
  transferContext: string | null;
  toPerson: { reason: HandoffReason; note: string; confidence: number | null } | null;
  /** Set when the conversation's active agent changes (null = the entry agent again). */
  activeAgentChange: { activeAgentId: string | null } | null;
  decisionId: string | null;
};

type Choice = { agent: AgentRow | null; method: Exclude<RoutingMethod, "stay" | "entry">; ruleId: string | null; confidence: number | null; reason: string };
const pct = (n: number) => `${Math.round(n * 100)}%`;

/**
 * Order (SPEC §3 Router): the router's manual rules, then the rules out of the current agent, then
 * (at the entry agent only) the router's model; otherwise the current agent stays (not stored).
 */
export async function routeTurn(deps: AppDeps, input: RouteInput): Promise<RouteOutcome> {
  const { entryAgent: entry, place, text } = input;
  const stay = (agent: AgentRow, activeAgentChange: RouteOutcome["activeAgentChange"] = null): RouteOutcome => ({ agent, transferContext: null, toPerson: null, activeAgentChange, decisionId: null });
  const orchestrationId = (await gateFor(deps.db, input.gate, entry.id))?.entryOrchestrationId ?? null;
  if (!orchestrationId) return stay(entry);

  const ws = place.workspaceId;
  const channel = routingChannelOf(place.channel);
  const [members, storedActiveId, router] = await Promise.all([
    loadMembers(deps, ws, orchestrationId),
    conversationActiveAgentId(deps, ws, place.conversationId),
    loadRouter(deps, ws, orchestrationId, channel),
  ]);
  const memberIds = new Set(members.map((m) => m.agentId));
  const agents = new Map<string, Promise<AgentRow | null>>([[entry.id, Promise.resolve(entry)]]);
  const agentOf = (id: string) => {
    if (!memberIds.has(id) && id !== entry.id) return Promise.resolve(null);
    const p = agents.get(id);
    if (p) return p;
    const loading = answeringAgent(deps, id, ws);
    agents.set(id, loading);
    return loading;
  };
  const current = (storedActiveId && storedActiveId !== entry.id && memberIds.has(storedActiveId) ? await agentOf(storedActiveId) : null) ?? entry;
  // A stale active agent (removed from the orchestration, switched off) falls back to the entry agent.
  const staleActive = storedActiveId !== null && current.id === entry.id;
  const rules = await rulesFrom(deps, ws, orchestrationId, current.id);

  const folded = foldText(text);
  let tz: Promise<string> | null = null;
  let customer: Promise<Record<string, string>> | null = null;
  const ctx: ConditionContext = {
    text,
    folded,
    now: deps.now(),
    timezone: () => (tz ??= workspaceTimezone(deps.db, ws)),
    customer: () => (customer ??= contactValues(deps.db, ws, place.conversationId)),
  };
  const byKeywords = (_topic: string, keywords: string[]): Verdict => matchesKeywords(folded, keywords);

  let choice: Choice | null = null;
  // (a) The router's manual rules (already highest priority first).
  for (const mr of router.manualRules) {
    const hit = mr.keywords.find((k) => matchesKeywords(folded, [k]));
    const target = hit ? await agentOf(mr.agentId) : null;
    if (hit && target) {
      choice = { agent: target, method: "manual_rule", ruleId: null, confidence: null, reason: `Regra manual do roteador: palavra-chave "${hit}"` };
      break;
    }
  }

  // The model is asked only on routing turns, at the entry agent: once a specialist has the
  // conversation, only the rules out of that specialist move it on (no model call per message).
  const useModel = !choice && router.aiEnabled && current.id === entry.id && members.filter((m) => m.isActive).length > 1;
  const ruleChoice = (r: RuleRow & { description: string | null }, target: AgentRow, confidence: number | null, why?: string): Choice => ({
    agent: target,
    method: "rule",
    ruleId: r.id,
    confidence,
    reason: why ?? (r.description?.trim() || `Regra de prioridade ${r.priority}: condições atendidas`),
  });
  /** The first rule (priority order) that holds with an agent able to answer. */
  const firstRule = async (intent: (topic: string, keywords: string[]) => Verdict) => {
    for (const r of rules) {
      const v = await ruleVerdict(r, ctx, intent);
      if (v === "pending") return { pending: true as const };
      if (v === true) {
        const target = await agentOf(r.toAgentId);
        if (target) return { pending: false as const, rule: r, target };
      }
    }
    return { pending: false as const };
  };

  // (b) The rules out of the current agent; an intent waits for the model when it will be asked.
  if (!choice) {
    const first = await firstRule(useModel ? () => "pending" : byKeywords);
    if (first.rule) choice = ruleChoice(first.rule, first.target, null);
    else if (first.pending || useModel) {
      // (c) One structured-output call: the agent, how sure, why, and the rule topic it matched.
      const candidates = members.filter((m) => m.isActive).map((m) => ({ agentId: m.agentId, name: m.name, role: m.role, activity: m.activity }));
      const topics = intentTopics(rules);
      const res = useModel
        ? await classifyTurn(deps, { workspaceId: ws, conversationId: place.conversationId, turnMessageId: place.turnMessageId, contactKey: place.contactKey, entryAgent: entry, model: router.aiModel, text, candidates, topics })
        : ({ kind: "offline" } as const);
      if (res.kind === "ok") {
        const v = res.value;
        const sure = v.confidence >= router.threshold;
        const topic = v.matchedTopic?.toLowerCase() ?? null;
        const judged = await firstRule((t) => sure && topic !== null && t.toLowerCase() === topic);
        const chosenByModel = sure ? await agentOf(v.agentId) : null;
        if (judged.rule) choice = ruleChoice(judged.rule, judged.target, v.confidence, v.reason || undefined);
        else if (chosenByModel) choice = { agent: chosenByModel, method: "model", ruleId: null, confidence: v.confidence, reason: v.reason };
        else {
          // Sure of an agent that cannot answer now (switched off, blocked): the default agent, as when unsure.
          const why = sure
            ? `O agente escolhido pela IA está indisponível${v.reason ? `: ${v.reason}` : ""}`
            : `Confiança ${pct(v.confidence)} abaixo do limite de ${pct(router.threshold)}${v.reason ? `: ${v.reason}` : ""}`;
          if (!sure && router.lowConfidenceAction === "human" && channel !== "widget") choice = { agent: null, method: "human", ruleId: null, confidence: v.confidence, reason: why };
          else {
            const fallback = (router.defaultAgentId ? await agentOf(router.defaultAgentId) : null) ?? entry;
            choice = { agent: fallback, method: "default", ruleId: null, confidence: v.confidence, reason: why };
          }
        }
      } else {
        // Offline, out of credits or failed: the intents' keywords judge them.
        const judged = await firstRule(byKeywords);
        if (judged.rule) choice = ruleChoice(judged.rule, judged.target, null);
      }
    }
  }

  // (d) Nothing moved the conversation: the current agent stays, nothing is stored.
  if (!choice) return stay(current, staleActive ? { activeAgentId: null } : null);
  return settle(deps, { orchestrationId, place, entry, current, choice, text, staleActive });
}

async function settle(
  deps: AppDeps,
  p: { orchestrationId: string; place: TurnPlace; entry: AgentRow; current: AgentRow; choice: Choice; text: string; staleActive: boolean },
): Promise<RouteOutcome> {
  const { place, choice, current, entry } = p;
  const base = { workspaceId: place.workspaceId, orchestrationId: p.orchestrationId, conversationId: place.conversationId, channel: place.channel, fromAgentId: current.id, now: deps.now() };
  if (!choice.agent) {
    const decisionId = await storeDecision(deps, { ...base, chosenAgentId: null, method: "human", ruleId: null, confidence: choice.confidence, reason: choice.reason, transfer: null });
    const note = `O roteador chamou uma pessoa: ${choice.reason}`;
    return { agent: current, transferContext: null, toPerson: { reason: "low_confidence", note, confidence: choice.confidence }, activeAgentChange: null, decisionId };
  }
  const chosen = choice.agent;
  const moved = chosen.id !== current.id;
  const transfer = moved ? await buildTransfer(deps, { fromAgent: current, toAgent: chosen, place, text: p.text }) : null;
  const decisionId = await storeDecision(deps, {
    ...base,
    chosenAgentId: chosen.id,
    method: choice.method,
    ruleId: choice.ruleId,
    confidence: choice.confidence,
    reason: choice.reason,
    transfer: transfer
      ? {
          reason: choice.method === "default" ? "low_confidence" : "escalation",
          notes: choice.reason,
          context: { summary: transfer.summary, customer: transfer.customer, lastCustomerMessage: p.text.slice(0, 1000) },
        }
      : null,
  });
  const activeAgentChange = moved || p.staleActive ? { activeAgentId: chosen.id === entry.id ? null : chosen.id } : null;
  return { agent: chosen, transferContext: transfer?.context ?? null, toPerson: null, activeAgentChange, decisionId };
}
