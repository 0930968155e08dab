import { desc, eq } from "drizzle-orm";
import { messages } from "../../../db/schema";
import type { LlmMessage } from "../../adapters/llm/openai-compatible";
import type { TurnPlace } from "../../runtime/turn-plan";
import type { AgentRow } from "../../runtime/prompt";
import type { HandoffContext } from "../../schemas/orchestration";
import { runJsonTask } from "../ai-tasks";
import type { AppDeps } from "../context";
import { contactValues } from "../crm/template-values";

/**
 * What travels with a transfer between agents: a short summary of the conversation so far and the
 * customer's data, written for the receiving agent so the customer never repeats themselves.
 * Online the summary is one "handoff_summary" model call; offline it is extractive.
 */
const HISTORY = 20;
const SUMMARY_SCHEMA: Record<string, unknown> = {
  type: "object",
  additionalProperties: false,
  required: ["summary"],
  properties: { summary: { type: "string", description: "resumo curto em português do que o cliente quer e do que já foi dito" } },
};
/** Contact fields shown apart (name, phone, e-mail); the rest are listed as data. */
const SHOWN_APART = new Set(["nome", "telefone", "email"]);

type Line = { senderType: string; content: string };

async function recentLines(deps: AppDeps, conversationId: string): Promise<Line[]> {
  const rows = await deps.db
    .select({ senderType: messages.senderType, content: messages.content })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(HISTORY);
  return rows.reverse().filter((r) => r.content.trim().length > 0);
}

/** Offline: the customer's own last words, trimmed; nothing invented. */
export function extractiveSummary(lines: Line[], text: string): string {
  const said = lines.filter((l) => l.senderType === "customer").map((l) => l.content.trim());
  if (!said.length || said[said.length - 1] !== text.trim()) said.push(text.trim());
  const last = said.filter(Boolean).slice(-3).map((s) => (s.length > 200 ? `${s.slice(0, 197)}…` : s));
  return last.length ? `O cliente disse: ${last.map((s) => `"${s}"`).join("; ")}` : "";
}

async function modelSummary(deps: AppDeps, fromAgent: AgentRow, place: TurnPlace, lines: Line[], text: string): Promise<string | null> {
  const transcript = [...lines.map((l) => `${l.senderType === "customer" ? "Cliente" : "Atendimento"}: ${l.content.slice(0, 1000)}`)];
  if (lines[lines.length - 1]?.content.trim() !== text.trim()) transcript.push(`Cliente: ${text.slice(0, 1000)}`);
  const msgs: LlmMessage[] = [
    { role: "system", content: "Resuma em até 3 frases, em português, o que o cliente quer e o que já foi dito, para o próximo atendente não perguntar de novo. Responda com o JSON pedido." },
    { role: "user", content: transcript.join("\n") },
  ];
  const res = await runJsonTask(
    deps,
    { workspaceId: place.workspaceId, agent: fromAgent, conversationId: place.conversationId, customerKey: place.contactKey, idempotencyKey: `${place.conversationId}:${place.turnMessageId ?? Bun.randomUUIDv7()}`, action: "handoff_summary" },
    msgs,
    { name: "handoff_summary", schema: SUMMARY_SCHEMA },
    (v) => (v && typeof v === "object" && typeof (v as { summary?: unknown }).summary === "string" ? String((v as { summary: string }).summary).trim().slice(0, 1500) || null : null),
  );
  return res.kind === "ok" ? res.value : null;
}

/** The customer as the CRM and the channel know them. */
async function customerOf(deps: AppDeps, place: TurnPlace): Promise<NonNullable<HandoffContext["customer"]>> {
  const values = await contactValues(deps.db, place.workspaceId, place.conversationId);
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (!SHOWN_APART.has(k) && v?.trim()) data[k] = v.trim().slice(0, 300);
  return {
    name: values.nome?.trim() || place.customer.name,
    phone: values.telefone?.trim() || place.customer.phone,
    email: values.email?.trim() || place.customer.email,
    data,
  };
}

export async function buildTransfer(deps: AppDeps, p: { fromAgent: AgentRow; toAgent: AgentRow; place: TurnPlace; text: string }): Promise<{ context: string; summary: string; customer: NonNullable<HandoffContext["customer"]> }> {
  const [lines, customer] = await Promise.all([recentLines(deps, p.place.conversationId), customerOf(deps, p.place)]);
  const summary = (await modelSummary(deps, p.fromAgent, p.place, lines, p.text)) ?? extractiveSummary(lines, p.text);
  const who = [
    customer.name ? `Nome: ${customer.name}` : null,
    customer.phone ? `Telefone: ${customer.phone}` : null,
    customer.email ? `E-mail: ${customer.email}` : null,
    ...Object.entries(customer.data ?? {}).map(([k, v]) => `${k}: ${v}`),
  ].filter((s): s is string => s !== null);
  const context = [
    `Transferência: a conversa foi encaminhada por ${p.fromAgent.name} para você (${p.toAgent.name}). Continue o atendimento sem pedir de novo o que já foi informado.`,
    summary ? `Resumo da conversa até aqui: ${summary}` : null,
    who.length ? `Dados do cliente:\n${who.map((s) => `- ${s}`).join("\n")}` : null,
  ]
    .filter((s): s is string => s !== null)
    .join("\n");
  return { context, summary, customer };
}
