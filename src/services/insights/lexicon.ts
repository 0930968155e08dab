import type { Sentiment, Urgency } from "../../schemas/insights";

/**
 * The offline pt-BR sentiment lexicon (issue 18): pure, no I/O. Used when no model is configured,
 * when credits run out or the model call fails, and by the routing engine's sentiment conditions.
 */
export type SentimentScore = {
  sentiment: Sentiment;
  /** -1 (very negative) … 1 (very positive). */
  score: number;
  emotions: string[];
  /** 0 … 1. */
  intensity: number;
  urgency: Urgency;
  /** 0 … 1 when the message says something about satisfaction, else null. */
  satisfaction: number | null;
  /** 0 … 1: how much evidence the lexicon found. */
  confidence: number;
};

/** Lowercase, accents stripped, punctuation to spaces: "Não GOSTEI!!" → "nao gostei". */
export function foldText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

type Entry = { weight: number; emotion?: string };

/** Phrases (folded, several words) are matched before single words, and their words are consumed. */
const PHRASES: Record<string, Entry> = {
  "muito obrigado": { weight: 2.5, emotion: "gratidao" },
  "muito obrigada": { weight: 2.5, emotion: "gratidao" },
  "deu certo": { weight: 2, emotion: "alegria" },
  "resolveu meu problema": { weight: 2.5, emotion: "alegria" },
  "gostei muito": { weight: 2.5, emotion: "alegria" },
  "nota dez": { weight: 2.5, emotion: "alegria" },
  "valeu a pena": { weight: 2 },
  "sem resposta": { weight: -2, emotion: "frustracao" },
  "nao funciona": { weight: -2.5, emotion: "frustracao" },
  "nao funcionou": { weight: -2.5, emotion: "frustracao" },
  "nao chegou": { weight: -2, emotion: "frustracao" },
  "nao resolveu": { weight: -2.5, emotion: "frustracao" },
  "nao aguento mais": { weight: -3, emotion: "raiva" },
  "cansei de esperar": { weight: -3, emotion: "frustracao" },
  "ninguem responde": { weight: -2.5, emotion: "frustracao" },
  "perda de tempo": { weight: -2.5, emotion: "frustracao" },
  "falta de respeito": { weight: -3, emotion: "raiva" },
  "vou processar": { weight: -3, emotion: "raiva" },
  "quero meu dinheiro de volta": { weight: -3, emotion: "raiva" },
  "estou preocupado": { weight: -1.5, emotion: "ansiedade" },
  "estou preocupada": { weight: -1.5, emotion: "ansiedade" },
  "de novo": { weight: -0.5 },
};

const WORDS: Record<string, Entry> = {
  // positive
  bom: { weight: 1.5 },
  boa: { weight: 1.5 },
  otimo: { weight: 2.5, emotion: "alegria" },
  otima: { weight: 2.5, emotion: "alegria" },
  excelente: { weight: 3, emotion: "alegria" },
  perfeito: { weight: 3, emotion: "alegria" },
  perfeita: { weight: 3, emotion: "alegria" },
  maravilhoso: { weight: 3, emotion: "alegria" },
  maravilhosa: { weight: 3, emotion: "alegria" },
  incrivel: { weight: 3, emotion: "alegria" },
  adorei: { weight: 3, emotion: "alegria" },
  amei: { weight: 3, emotion: "alegria" },
  gostei: { weight: 2, emotion: "alegria" },
  legal: { weight: 1.5 },
  show: { weight: 2, emotion: "alegria" },
  top: { weight: 2, emotion: "alegria" },
  feliz: { weight: 2.5, emotion: "alegria" },
  satisfeito: { weight: 2.5, emotion: "satisfacao" },
  satisfeita: { weight: 2.5, emotion: "satisfacao" },
  obrigado: { weight: 1.5, emotion: "gratidao" },
  obrigada: { weight: 1.5, emotion: "gratidao" },
  agradeco: { weight: 2, emotion: "gratidao" },
  valeu: { weight: 1.5, emotion: "gratidao" },
  rapido: { weight: 1 },
  resolvido: { weight: 1.5 },
  funcionou: { weight: 1.5 },
  recomendo: { weight: 2.5, emotion: "alegria" },
  parabens: { weight: 2.5, emotion: "alegria" },
  // negative
  ruim: { weight: -2 },
  pessimo: { weight: -3, emotion: "raiva" },
  pessima: { weight: -3, emotion: "raiva" },
  horrivel: { weight: -3, emotion: "raiva" },
  terrivel: { weight: -3, emotion: "raiva" },
  odiei: { weight: -3, emotion: "raiva" },
  odeio: { weight: -3, emotion: "raiva" },
  absurdo: { weight: -2.5, emotion: "raiva" },
  ridiculo: { weight: -2.5, emotion: "raiva" },
  vergonha: { weight: -2.5, emotion: "raiva" },
  raiva: { weight: -3, emotion: "raiva" },
  irritado: { weight: -2.5, emotion: "raiva" },
  irritada: { weight: -2.5, emotion: "raiva" },
  revoltado: { weight: -3, emotion: "raiva" },
  revoltada: { weight: -3, emotion: "raiva" },
  decepcionado: { weight: -2.5, emotion: "frustracao" },
  decepcionada: { weight: -2.5, emotion: "frustracao" },
  decepcao: { weight: -2.5, emotion: "frustracao" },
  frustrado: { weight: -2.5, emotion: "frustracao" },
  frustrada: { weight: -2.5, emotion: "frustracao" },
  insatisfeito: { weight: -2.5, emotion: "frustracao" },
  insatisfeita: { weight: -2.5, emotion: "frustracao" },
  demora: { weight: -1.5, emotion: "frustracao" },
  demorando: { weight: -1.5, emotion: "frustracao" },
  atrasado: { weight: -1.5, emotion: "frustracao" },
  atrasada: { weight: -1.5, emotion: "frustracao" },
  atraso: { weight: -1.5, emotion: "frustracao" },
  problema: { weight: -1 },
  defeito: { weight: -2, emotion: "frustracao" },
  quebrado: { weight: -2, emotion: "frustracao" },
  quebrada: { weight: -2, emotion: "frustracao" },
  errado: { weight: -1.5 },
  errada: { weight: -1.5 },
  reclamacao: { weight: -1.5, emotion: "frustracao" },
  golpe: { weight: -3, emotion: "raiva" },
  lixo: { weight: -3, emotion: "raiva" },
  preocupado: { weight: -1.5, emotion: "ansiedade" },
  preocupada: { weight: -1.5, emotion: "ansiedade" },
  ansioso: { weight: -1.5, emotion: "ansiedade" },
  ansiosa: { weight: -1.5, emotion: "ansiedade" },
  nervoso: { weight: -1.5, emotion: "ansiedade" },
  nervosa: { weight: -1.5, emotion: "ansiedade" },
  medo: { weight: -1.5, emotion: "ansiedade" },
  triste: { weight: -2, emotion: "tristeza" },
  chateado: { weight: -2, emotion: "tristeza" },
  chateada: { weight: -2, emotion: "tristeza" },
  cancelar: { weight: -1 },
  procon: { weight: -2.5, emotion: "raiva" },
};

const EMOJIS: Record<string, Entry> = {
  "😀": { weight: 2, emotion: "alegria" },
  "😃": { weight: 2, emotion: "alegria" },
  "😄": { weight: 2, emotion: "alegria" },
  "😁": { weight: 2, emotion: "alegria" },
  "😊": { weight: 2, emotion: "alegria" },
  "🙂": { weight: 1 },
  "😍": { weight: 3, emotion: "alegria" },
  "🥰": { weight: 3, emotion: "alegria" },
  "❤️": { weight: 2, emotion: "alegria" },
  "❤": { weight: 2, emotion: "alegria" },
  "👍": { weight: 1.5 },
  "👏": { weight: 2, emotion: "alegria" },
  "🙏": { weight: 1.5, emotion: "gratidao" },
  "🎉": { weight: 2, emotion: "alegria" },
  "😡": { weight: -3, emotion: "raiva" },
  "😠": { weight: -3, emotion: "raiva" },
  "🤬": { weight: -3, emotion: "raiva" },
  "👎": { weight: -2 },
  "😞": { weight: -2, emotion: "tristeza" },
  "😢": { weight: -2, emotion: "tristeza" },
  "😭": { weight: -2.5, emotion: "tristeza" },
  "😤": { weight: -2, emotion: "frustracao" },
  "😒": { weight: -1.5, emotion: "frustracao" },
  "🙄": { weight: -1.5, emotion: "frustracao" },
  "😰": { weight: -1.5, emotion: "ansiedade" },
  "😟": { weight: -1.5, emotion: "ansiedade" },
};

/** Flip the next scored term within this many words. */
const NEGATIONS = new Set(["nao", "nada", "nunca", "nem", "jamais", "sem"]);
const NEGATION_REACH = 3;
const INTENSIFIERS: Record<string, number> = { muito: 1.5, super: 1.6, bem: 1.3, demais: 1.5, extremamente: 1.8, totalmente: 1.5, mega: 1.6, tao: 1.4, bastante: 1.4 };
const HIGH_URGENCY = ["urgente", "urgencia", "imediatamente", "emergencia", "socorro", "agora mesmo", "o quanto antes", "o mais rapido possivel", "hoje ainda"];
const MEDIUM_URGENCY = ["agora", "rapido", "logo", "hoje", "preciso", "quando", "aguardando", "esperando"];

const SATISFACTION_TERMS = new Set(["satisfeito", "satisfeita", "insatisfeito", "insatisfeita", "adorei", "amei", "odiei", "recomendo", "pessimo", "pessima", "excelente", "nota dez", "decepcionado", "decepcionada", "gostei", "gostei muito"]);

const phraseList = Object.keys(PHRASES).sort((a, b) => b.length - a.length);

function includesPhrase(folded: string, phrase: string): boolean {
  return ` ${folded} `.includes(` ${phrase} `);
}

export function scoreSentiment(text: string): SentimentScore {
  const folded = foldText(text);
  let working = ` ${folded} `;
  const hits: { at: number; term: string; entry: Entry }[] = [];
  // Phrases first: their position is the word index where they start, then the words are blanked out.
  for (const phrase of phraseList) {
    let idx = working.indexOf(` ${phrase} `);
    while (idx >= 0) {
      const at = working.slice(0, idx + 1).trim().split(" ").filter(Boolean).length;
      hits.push({ at, term: phrase, entry: PHRASES[phrase] as Entry });
      working = `${working.slice(0, idx + 1)}${phrase.replace(/[^ ]/g, "_")}${working.slice(idx + 1 + phrase.length)}`;
      idx = working.indexOf(` ${phrase} `);
    }
  }
  const words = working.trim().split(" ");
  let raw = 0;
  let evidence = 0;
  let magnitude = 0;
  const emotions = new Set<string>();
  const satisfactionSigns: number[] = [];
  const phraseAt = new Map(hits.map((h) => [h.at, h]));
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    const phraseHit = phraseAt.get(i);
    const entry = phraseHit?.entry ?? WORDS[word];
    if (!entry) continue;
    const term = phraseHit?.term ?? word;
    let weight = entry.weight;
    let negated = false;
    for (let j = Math.max(0, i - NEGATION_REACH); j < i; j++) {
      const before = words[j] ?? "";
      if (NEGATIONS.has(before)) negated = !negated;
      const boost = INTENSIFIERS[before];
      if (boost && j >= i - 2) weight *= boost;
    }
    // A following "demais"/"muito" also intensifies ("gostei demais").
    const after = INTENSIFIERS[words[i + 1] ?? ""];
    if (after) weight *= after;
    // "Não" before a negative phrase that already contains it ("não funciona") does not flip it back.
    if (negated && !term.startsWith("nao ")) weight = -weight * (weight > 0 ? 1 : 0.5);
    raw += weight;
    magnitude += Math.abs(weight);
    evidence++;
    if (entry.emotion && !(negated && weight < 0 && entry.weight > 0)) emotions.add(entry.emotion);
    if (negated && entry.weight > 0) emotions.add("frustracao");
    if (SATISFACTION_TERMS.has(term)) satisfactionSigns.push(weight > 0 ? 1 : 0);
  }
  for (const [emoji, entry] of Object.entries(EMOJIS)) {
    if (!text.includes(emoji)) continue;
    raw += entry.weight;
    magnitude += Math.abs(entry.weight);
    evidence++;
    if (entry.emotion) emotions.add(entry.emotion);
  }
  const exclamations = (text.match(/!/g) ?? []).length;
  const shouting = /[A-ZÀ-Ý]{4,}/.test(text) && text === text.toUpperCase();
  if (raw !== 0 && (exclamations >= 2 || shouting)) raw *= 1.3;

  const score = Math.max(-1, Math.min(1, raw / 4));
  const sentiment: Sentiment = score >= 0.2 ? "positive" : score <= -0.2 ? "negative" : "neutral";
  const intensity = Math.min(1, magnitude / 5 + (shouting ? 0.2 : 0) + Math.min(exclamations, 3) * 0.05);
  const urgency: Urgency = HIGH_URGENCY.some((u) => includesPhrase(folded, u)) ? "high" : MEDIUM_URGENCY.some((u) => includesPhrase(folded, u)) ? "medium" : "low";
  if (urgency === "high") emotions.add("ansiedade");
  const satisfaction = satisfactionSigns.length ? satisfactionSigns.reduce((a, b) => a + b, 0) / satisfactionSigns.length : null;
  const confidence = evidence === 0 ? 0.3 : Math.min(0.9, 0.45 + evidence * 0.15);
  return {
    sentiment,
    score: Math.round(score * 100) / 100,
    emotions: [...emotions],
    intensity: Math.round(intensity * 100) / 100,
    urgency,
    satisfaction,
    confidence: Math.round(confidence * 100) / 100,
  };
}
