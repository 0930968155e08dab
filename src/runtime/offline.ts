import type { AgentRow } from "./prompt";

/**
 * The offline provider: with no model configured, answer from the agent's own texts (extractive:
 * the sentences sharing the most meaningful words with the question) or with its unknown-answer
 * message. Honest by construction: it can only repeat what the owner wrote.
 */
const STOPWORDS = new Set(
  "a o as os um uma uns umas de do da dos das em no na nos nas por para pra com sem que qual quais quem como onde quando e ou se eu voce você vocês voces me te lhe nos é e são sao ser estar esta está tem ter há ha meu minha seu sua isso isto aquilo ao aos à às mais menos muito pouco já ja não nao sim sobre entre até ate vocês gostaria queria quero saber pode podem poderia".split(
    " ",
  ),
);

export const normalize = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");

export const keywords = (s: string) =>
  normalize(s)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !STOPWORDS.has(w))
    .map((w) => (w.length > 4 ? w.replace(/(s|es)$/, "") : w));

const GREETING = /^(oi+|ola|ol[aá]|bom dia|boa tarde|boa noite|e ai|eai|hey|hello|opa|tudo bem)\b/;

export const DEFAULT_UNKNOWN = "Desculpe, não tenho essa informação no momento. Posso ajudar com outra coisa?";

export function offlineAnswer(agent: AgentRow, question: string, extraPassages: string[] = []): { text: string; matched: boolean } {
  const q = normalize(question.trim());
  if (GREETING.test(q) && keywords(question).length <= 2) {
    return { text: agent.greetingMessage || `Olá! Sou ${agent.name}. Como posso ajudá-lo hoje?`, matched: true };
  }
  const qWords = new Set(keywords(question));
  if (qWords.size === 0) return { text: agent.unknownResponseMessage || DEFAULT_UNKNOWN, matched: false };
  const sources = [agent.companyDetails, agent.description, agent.specialInstructions, agent.personality, ...extraPassages].filter(
    (s): s is string => Boolean(s?.trim()),
  );
  const sentences = sources.flatMap((s) => s.split(/(?<=[.!?])\s+|\n+/)).map((s) => s.trim()).filter((s) => s.length > 3);
  let best: { s: string; score: number } | null = null;
  for (const s of sentences) {
    const words = new Set(keywords(s));
    let score = 0;
    for (const w of qWords) if (words.has(w)) score += 1;
    const normalized = score / Math.sqrt(words.size || 1);
    if (score > 0 && (!best || normalized > best.score)) best = { s, score: normalized };
  }
  if (!best) return { text: agent.unknownResponseMessage || DEFAULT_UNKNOWN, matched: false };
  return { text: best.s, matched: true };
}
