/**
 * Intents without a model (offline mode): the customer's text is matched against the intents'
 * examples by word overlap (accents folded, stopwords dropped, the offline provider's keywords),
 * and the best intent above the threshold runs with no arguments (nothing can extract them
 * reliably without a model). Returns null when nothing matches or the intent needs a model, so the
 * extractive offline answer takes over.
 */
import { keywords } from "../../runtime/offline";
import type { AgentRow } from "../../runtime/prompt";
import type { ToolContext } from "../../runtime/tools";
import type { AppDeps } from "../../services/context";
import { activeIntents, intentRunner } from "./provider";
import { isErrorHook } from "./run-webhook";
import type { ParsedIntent } from "./shape";

/** Cosine of the keyword sets a match needs: half the words in common, roughly. */
export const MATCH_THRESHOLD = 0.5;

const DONE = "Pronto! Sua solicitação foi registrada.";
const SCHEDULED = "Certo! Sua solicitação foi registrada e em breve você terá um retorno.";
const EMAILED = "Sua mensagem foi encaminhada para a nossa equipe. Em breve entraremos em contato.";
const FAILED = "Desculpe, não consegui concluir sua solicitação agora. Tente novamente em instantes.";

function similarity(q: Set<string>, example: string): number {
  const e = new Set(keywords(example));
  if (!e.size) return 0;
  let common = 0;
  for (const w of q) if (e.has(w)) common++;
  return common / Math.sqrt(q.size * e.size);
}

/** The best-matching intent (intents come priority-first, so a tie keeps the higher priority). */
export function matchIntent(intents: ParsedIntent[], text: string, threshold = MATCH_THRESHOLD): ParsedIntent | null {
  const q = new Set(keywords(text));
  if (!q.size) return null;
  let best: { intent: ParsedIntent; score: number } | null = null;
  for (const intent of intents) {
    const score = Math.max(0, ...intent.row.examples.map((ex) => similarity(q, ex)));
    if (score >= threshold && (!best || score > best.score + 1e-9)) best = { intent, score };
  }
  return best?.intent ?? null;
}

/** What runTurn's options carry about the conversation (TurnOptions fits). */
export type OfflineTurnOptions = { conversationId?: string | null; toolContext?: Partial<Omit<ToolContext, "text" | "conversationId">> };

/** The reply of the matched intent, or null. Never throws: a failing intent answers with an apology. */
export async function offlineIntentReply(deps: AppDeps, agent: AgentRow, text: string, opts: OfflineTurnOptions = {}): Promise<string | null> {
  if (!text.trim()) return null;
  const intents = await activeIntents(deps, agent);
  const intent = matchIntent(intents.filter((i) => !isErrorHook(i)), text);
  if (!intent) return null;
  const { action } = intent;
  // Knowledge search and integrations need a model to be useful: the extractive answer covers them.
  if (action.type === "internal_tool" && action.internalTool !== "email") return null;
  const ctx: ToolContext = {
    conversationId: opts.conversationId ?? null,
    channel: opts.toolContext?.channel ?? "web",
    customer: opts.toolContext?.customer ?? { name: null, phone: null, email: null },
    text,
  };
  const run = intentRunner(deps, agent, ctx, intent, intents.filter(isErrorHook));
  const budget = action.type === "webhook" ? AbortSignal.timeout(action.webhook.timeout * 1000) : undefined;
  try {
    const result = await run({}, budget ?? new AbortController().signal);
    if (result.reply?.trim()) return result.reply;
    if (action.type === "webhook") return action.webhook.when === "after_response" ? SCHEDULED : DONE;
    return EMAILED;
  } catch {
    return FAILED;
  }
}
