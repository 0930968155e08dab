import type { LlmMessage } from "../../adapters/llm/openai-compatible";
import type { AgentRow } from "../../runtime/prompt";
import { type AiTaskResult, runJsonTask } from "../ai-tasks";
import type { AppDeps } from "../context";

/**
 * The router's model call (SPEC §3 Router): one structured-output call that picks the member best
 * suited to the customer's message, how sure it is, why, and which rule topic (if any) it matched.
 * Charged in the statement as "routing".
 */
export type RoutingCandidate = { agentId: string; name: string; role: string | null; activity: string | null };
export type RoutingVerdict = { agentId: string; confidence: number; reason: string; matchedTopic: string | null };

const ROUTING_SCHEMA: Record<string, unknown> = {
  type: "object",
  additionalProperties: false,
  required: ["agentId", "confidence", "reason", "matchedTopic"],
  properties: {
    agentId: { type: "string", description: "id do agente escolhido, um dos candidatos" },
    confidence: { type: "number", description: "confiança de 0 a 1" },
    reason: { type: "string", description: "motivo curto, em português" },
    matchedTopic: { type: ["string", "null"], description: "o assunto da lista que a mensagem trata, exatamente como escrito, ou null" },
  },
};

export function parseRoutingVerdict(value: unknown, candidates: RoutingCandidate[], topics: string[]): RoutingVerdict | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.agentId !== "string" || typeof v.confidence !== "number" || !Number.isFinite(v.confidence)) return null;
  if (!candidates.some((c) => c.agentId === v.agentId)) return null;
  const topic = typeof v.matchedTopic === "string" ? (topics.find((t) => t.toLowerCase() === String(v.matchedTopic).trim().toLowerCase()) ?? null) : null;
  return { agentId: v.agentId, confidence: Math.max(0, Math.min(1, v.confidence)), reason: typeof v.reason === "string" ? v.reason.slice(0, 500) : "", matchedTopic: topic };
}

export async function classifyTurn(
  deps: AppDeps,
  p: { workspaceId: string; conversationId: string; turnMessageId?: string; contactKey: string; entryAgent: AgentRow; model: string | null; text: string; candidates: RoutingCandidate[]; topics: string[] },
): Promise<AiTaskResult<RoutingVerdict>> {
  const list = p.candidates.map((c) => `- id: ${c.agentId} | nome: ${c.name}${c.role ? ` | função: ${c.role}` : ""}${c.activity ? ` | atividade: ${c.activity}` : ""}`).join("\n");
  const topics = p.topics.length ? `\nAssuntos conhecidos (matchedTopic deve ser um deles, exatamente, ou null):\n${p.topics.map((t) => `- ${t}`).join("\n")}` : "\nNão há assuntos conhecidos: matchedTopic é null.";
  const messages: LlmMessage[] = [
    {
      role: "system",
      content: `Você é o roteador de atendimento de uma empresa. Escolha o agente mais adequado para responder à mensagem do cliente, entre os candidatos abaixo. Responda apenas com o JSON pedido; confidence de 0 a 1 diz o quanto você tem certeza.\nCandidatos:\n${list}${topics}`,
    },
    { role: "user", content: p.text.slice(0, 4000) },
  ];
  return runJsonTask(
    deps,
    { workspaceId: p.workspaceId, agent: p.entryAgent, model: p.model, conversationId: p.conversationId, customerKey: p.contactKey, idempotencyKey: `${p.conversationId}:${p.turnMessageId ?? Bun.randomUUIDv7()}`, action: "routing" },
    messages,
    { name: "routing_decision", schema: ROUTING_SCHEMA },
    (v) => parseRoutingVerdict(v, p.candidates, p.topics),
  );
}
