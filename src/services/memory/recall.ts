import type { TurnPlace } from "../../runtime/turn-plan";
import type { AgentRow } from "../../runtime/prompt";
import { aiFeaturesOf } from "../../schemas/insights";
import { RECALL_MAX_CHARS, RECALL_MAX_FACTS, channelLabel } from "../../schemas/memory";
import type { AppDeps } from "../context";
import { contactOfConversation } from "./store";

const dateFmt = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" });

/**
 * FIXED SIGNATURE (issue 18 foundation; the memory service fills it in): what this customer told
 * in earlier conversations on any channel (contact memories, the last summary), as a short text
 * for the model; null when nothing is known or the agent's memory switch is off.
 * Hot path: a conversation without a contact costs one primary-key read; with one, two indexed reads.
 */
export async function recallForTurn(deps: AppDeps, input: { agent: AgentRow; place: TurnPlace }): Promise<string | null> {
  if (!aiFeaturesOf(input.agent.aiFeatures).memory) return null;
  const { workspaceId, conversationId } = input.place;
  const contactId = await contactOfConversation(deps.db, workspaceId, conversationId);
  if (!contactId) return null;
  const client = deps.db.$client;
  const [facts, last] = await Promise.all([
    client.execute({
      sql: "SELECT fact FROM contact_memories WHERE contact_id = ? AND workspace_id = ? ORDER BY updated_at DESC LIMIT ?",
      args: [contactId, workspaceId, RECALL_MAX_FACTS],
    }),
    client.execute({
      sql: `SELECT s.summary, s.created_at, c.channel FROM conversation_summaries s JOIN conversations c ON c.id = s.conversation_id
        WHERE s.contact_id = ? AND s.workspace_id = ? AND s.conversation_id <> ? ORDER BY s.created_at DESC LIMIT 1`,
      args: [contactId, workspaceId, conversationId],
    }),
  ]);
  return recallText(
    facts.rows.map((r) => String(r.fact)),
    last.rows[0] ? { summary: String(last.rows[0].summary), createdAt: Number(last.rows[0].created_at), channel: String(last.rows[0].channel) } : null,
  );
}

/** The context text: the newest facts that fit RECALL_MAX_CHARS, then the last other conversation's summary. */
export function recallText(facts: string[], last: { summary: string; createdAt: number; channel: string } | null): string | null {
  const parts: string[] = [];
  const kept: string[] = [];
  let used = 0;
  for (const f of facts) {
    if (used + f.length + 2 > RECALL_MAX_CHARS) break;
    kept.push(f);
    used += f.length + 2;
  }
  if (kept.length) parts.push(`O que já sabemos deste cliente: ${kept.join("; ")}.`);
  if (last) parts.push(`Resumo do último atendimento (${channelLabel(last.channel)}, ${dateFmt.format(last.createdAt)}): ${last.summary}`);
  return parts.length ? parts.join("\n") : null;
}
