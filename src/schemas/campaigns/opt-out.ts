/**
 * Opt-out words (issue 16): a customer message that is only 'SAIR', 'PARAR', 'STOP'… stops every
 * future campaign to that number. Only the whole message counts ("vou sair de casa" is a normal
 * message); case, accents, surrounding spaces and trailing punctuation are ignored.
 */

/** The words, as stored in campaign_opt_outs.reason. */
export const OPT_OUT_WORDS = ["SAIR", "PARAR", "STOP", "CANCELAR", "DESCADASTRAR", "NÃO QUERO MAIS"] as const;
export type OptOutWord = (typeof OPT_OUT_WORDS)[number];

/** The fixed answer an opt-out gets instead of the agent's reply. */
export const OPT_OUT_CONFIRMATION = "Pronto! Você não receberá mais mensagens de campanhas. Se precisar de algo, é só escrever.";

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/\s+/g, " ")
    .trim();

const FOLDED = new Map<string, OptOutWord>(OPT_OUT_WORDS.map((w) => [fold(w), w]));

/** The opt-out word the message is, or null. Leading/trailing punctuation and emoji-free spacing are ignored. */
export function optOutWordOf(text: string | null | undefined): OptOutWord | null {
  if (!text || text.length > 40) return null;
  const core = fold(text).replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "");
  return FOLDED.get(core) ?? null;
}
