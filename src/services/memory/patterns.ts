/**
 * Offline contact memory (issue 18): durable facts a customer tells about themselves in pt-BR,
 * rewritten in the third person ("tenho dois cachorros" → "tem dois cachorros"). Pure: no I/O,
 * unit-tested in test/memory-patterns.test.ts. Questions and one-off requests give nothing.
 */
import type { MemoryCategory } from "../../schemas/memory";

export type FoundFact = { fact: string; category: MemoryCategory; confidence: number };

/** Lowercase, no accents, single spaces, no end punctuation: the same fact is stored once. */
export function foldFact(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%/ ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const OFFLINE_CONFIDENCE = 0.7;
const MAX_OBJECT = 120;

/** "tenho …" only for things that stay (pets, family, age, a business, a condition), never "tenho uma dúvida". */
const LASTING_HAVE =
  /^(?:(?:um|uma|dois|duas|tr[eê]s|quatro|cinco|seis|\d+)\s+(?:cachorr|c[aã][oe]s?\b|gat|filh|net|pets?\b|animais|animal|peix|p[aá]ssar|calopsit|coelh|carr|motos?\b|casas?\b|apartamento|loja|empresa|restaurante|sal[aã]o|irm[aã]|bebe|beb[eê]|enteado|sobrinh|\S+\s+anos\b|anos\b)|alergia|intoler[aâ]ncia|diabetes|hipertens|doen[cç]a|defici[eê]ncia)/i;

type Rule = { re: RegExp; make: (obj: string) => string | null; category: MemoryCategory };

const RULES: Rule[] = [
  { re: /^tenho\s+(.+)$/i, make: (o) => (LASTING_HAVE.test(o) ? `tem ${o}` : null), category: "familia" },
  { re: /^n[aã]o\s+gosto\s+(de\s+.+)$/i, make: (o) => `não gosta ${o}`, category: "preferencia" },
  { re: /^prefiro\s+(.+)$/i, make: (o) => `prefere ${o}`, category: "preferencia" },
  { re: /^(?:gosto|adoro)\s+(de\s+.+)$/i, make: (o) => `gosta ${o}`, category: "preferencia" },
  { re: /^sou\s+(al[eé]rgic[oa]\s+(?:a|ao|à|aos|às|de)\s+.+)$/i, make: (o) => `é ${o}`, category: "saude" },
  {
    re: /^sou\s+((?:vegetarian|vegan|diab[eé]tic|cel[ií]ac|intolerante|hipertens)\S*(?:\s+.+)?)$/i,
    make: (o) => `é ${o}`,
    category: "saude",
  },
  { re: /^sou\s+((?:casad|solteir|divorciad|vi[uú]v)\S*(?:\s+.+)?)$/i, make: (o) => `é ${o}`, category: "familia" },
  { re: /^sou\s+(de\s+.+)$/i, make: (o) => `é ${o}`, category: "localizacao" },
  { re: /^moro\s+((?:em|no|na|nos|nas|perto|sozinh|com)\b.*)$/i, make: (o) => `mora ${o}`, category: "localizacao" },
  { re: /^meu\s+anivers[aá]rio\s+(?:é|e|eh|cai)\s+(.+)$/i, make: birthday, category: "datas" },
  { re: /^fa[cç]o\s+anivers[aá]rio\s+(.+)$/i, make: birthday, category: "datas" },
  { re: /^trabalho\s+((?:com|como|na|no|em|de)\s+.+)$/i, make: (o) => `trabalha ${o}`, category: "trabalho" },
];

function birthday(o: string): string {
  return /^(?:em|dia|no|na)\b/i.test(o) ? `faz aniversário ${o}` : `faz aniversário em ${o}`;
}

const LEAD = /^(?:(?:oi|ol[aá]|bom dia|boa tarde|boa noite|ent[aã]o|ah|ent[aã]o|olha|sim|n[aã]o,)\s*[,!]?\s*)*(?:eu\s+)?(?:tamb[eé]m\s+|j[aá]\s+|s[oó]\s+)?/i;
const TAIL = /\s+(?:tamb[eé]m|t[aá]|viu|ok|beleza|obrigad[oa])$/i;
const STARTERS = "tenho|prefiro|gosto|adoro|sou|moro|meu anivers[aá]rio|fa[cç]o anivers[aá]rio|trabalho|n[aã]o gosto";
/** A clause break: ", " or " e " before another first-person statement ("tenho um gato e prefiro…"). */
const CLAUSE_BREAK = new RegExp(`\\s*,\\s*(?:e\\s+)?|\\s+e\\s+(?=(?:eu\\s+)?(?:${STARTERS})\\b)`, "i");

/** The durable facts of one customer message (deduplicated by their folded text). */
export function extractFactsOffline(text: string): FoundFact[] {
  const found = new Map<string, FoundFact>();
  const sentences = text.replace(/\r/g, "").match(/[^.!?\n;]+[.!?\n;]*/g) ?? [];
  for (const sentence of sentences) {
    // A question asks; it tells nothing durable about the customer.
    if (sentence.trim().endsWith("?")) continue;
    for (const raw of sentence.replace(/[.!;\n]+$/, "").split(CLAUSE_BREAK)) {
      const clause = raw.trim().replace(LEAD, "").trim();
      if (!clause) continue;
      for (const rule of RULES) {
        const m = rule.re.exec(clause);
        const obj = m?.[1]?.replace(TAIL, "").trim();
        if (!obj || obj.length > MAX_OBJECT) continue;
        const fact = rule.make(obj);
        if (!fact) break;
        const key = foldFact(fact);
        if (key && !found.has(key)) found.set(key, { fact, category: rule.category, confidence: OFFLINE_CONFIDENCE });
        break;
      }
    }
  }
  return [...found.values()];
}
