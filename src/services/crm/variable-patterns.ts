/**
 * Offline extraction (no model key): plain pattern matching on the customer's message, in pt-BR.
 * Pure functions; the caller applies the values with method "pattern" and a lower confidence.
 */
import { normalizeEmail, normalizePhone } from "../../schemas/crm/normalize";
import { type VariableDataType, dataTypeProblem } from "../../schemas/crm/variables";

/** A custom definition the patterns may look for (`<displayName>: valor`). */
export type PatternDefinition = { name: string; displayName: string; dataType: VariableDataType };

/** Patterns find less than a model and can be wrong: their values carry this confidence. */
export const PATTERN_CONFIDENCE = 0.7;

const CUES = ["nome", "chamo", "sou ", "aqui é", "aqui e ", "trabalho", "empresa", "moro ", "cep"];

/**
 * Whether the message could hold anything worth extracting: the cheap test that keeps the hot
 * path free of regexes and queries for "oi", "qual o horário?" and the like.
 */
export function mightHoldData(text: string, custom: readonly PatternDefinition[] = []): boolean {
  if (text.length < 4) return false;
  if (text.includes("@")) return true;
  const lower = text.toLowerCase();
  if (CUES.some((c) => lower.includes(c))) return true;
  // A phone or CEP: 8+ digits not glued to a word ("pedido123456789" or an id is not one).
  if (/(?<![\p{L}\d])\d[\d\s().-]{6,}\d/u.test(text)) return true;
  if (lower.includes("pedido") && custom.some((d) => d.name === "numero_pedido")) return true;
  return text.includes(":") && custom.some((d) => lower.includes(d.displayName.toLowerCase()) || lower.includes(d.name));
}

const LOWER_PARTICLES = new Set(["da", "de", "do", "das", "dos", "e"]);
/** Words that end a name: "me chamo Ana e meu e-mail é…", "sou o João, tenho…". */
const NAME_STOP = new Set(["e", "meu", "minha", "tenho", "moro", "trabalho", "sou", "aqui", "quero", "gostaria", "preciso", "com", "por", "para", "pra", "no", "na", "em", "o", "a"]);

const titleCase = (w: string, i: number) => (i > 0 && LOWER_PARTICLES.has(w.toLowerCase()) ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());

function nameAfter(rest: string, needCapital: boolean): string | null {
  const words: string[] = [];
  for (const raw of rest.split(/\s+/)) {
    const w = raw.replace(/[,.!?;:)]+$/, "");
    const ended = w !== raw;
    if (!/^[\p{L}'-]+$/u.test(w)) break;
    if (words.length && NAME_STOP.has(w.toLowerCase()) && !LOWER_PARTICLES.has(w.toLowerCase())) break;
    if (!words.length && (NAME_STOP.has(w.toLowerCase()) || (needCapital && !/^\p{Lu}/u.test(w)))) return null;
    words.push(w);
    if (ended || words.length === 5) break;
  }
  while (words.length && LOWER_PARTICLES.has(words.at(-1)?.toLowerCase() ?? "")) words.pop();
  const name = words.map(titleCase).join(" ");
  return name.length >= 2 ? name : null;
}

const NAME_CUES: { re: RegExp; needCapital: boolean }[] = [
  { re: /\b(?:meu nome (?:é|e)|me chamo|pode me chamar de)\s+/iu, needCapital: false },
  { re: /(?:^|[\s,.!])(?:aqui (?:é|e)(?: o| a)?|sou (?:o|a))\s+/iu, needCapital: true },
];

function findName(text: string): string | null {
  for (const { re, needCapital } of NAME_CUES) {
    const m = re.exec(text);
    if (!m) continue;
    const name = nameAfter(text.slice(m.index + m[0].length), needCapital);
    if (name) return name;
  }
  return null;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const PHONE = /(?:\+?55[\s.-]?)?\(?\d{2}\)?[\s.-]?9?\d{4}[\s.-]?\d{4}/g;
const CEP = /\b(\d{5})-?(\d{3})\b/;
const COMPANY = /\b(?:trabalho (?:na|no|para a|para o|pela|pelo)|sou da empresa|sou do grupo|represento a|represento o|minha empresa (?:é|e)|nome da empresa (?:é|e))\s+([\p{L}\d&.' -]{2,80}?)(?=[,.!?;\n]|\s+(?:e|como|há|onde|que)\s|$)/iu;
const CITY = /\bmoro (?:em|no|na)\s+([\p{Lu}][\p{L}'-]*(?:\s+(?:d[aeo]s?\s+)?[\p{Lu}][\p{L}'-]*){0,3})/u;
const ORDER = /\bpedido\s*(?:n[º°o.]*\s*|n[uú]mero\s*|#\s*)?:?\s*([A-Za-z]{0,3}-?\d[\w-]{2,30})/iu;

function findPhone(text: string): string | null {
  for (const m of text.matchAll(PHONE)) {
    const digits = m[0].replace(/\D/g, "");
    if (digits.length < 10 || digits.length > 13) continue;
    const phone = normalizePhone(m[0]);
    if (phone) return m[0].trim();
  }
  return null;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * What the message tells, as variable name → value: nome, email, telefone, cep, empresa, cidade,
 * numero_pedido (when the workspace defines it) and any custom variable written as "Rótulo: valor".
 */
export function extractByPatterns(text: string, custom: readonly PatternDefinition[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  // An order number is not a phone or a CEP: taken out before those are looked for.
  const order = custom.some((d) => d.name === "numero_pedido") ? ORDER.exec(text) : null;
  if (order?.[1]) out.numero_pedido = order[1];
  const rest = order ? text.replace(order[0], " ") : text;
  const email = EMAIL.exec(rest)?.[0];
  if (email && normalizeEmail(email)) out.email = email.toLowerCase();
  const withoutEmail = email ? rest.replace(email, " ") : rest;
  const phone = findPhone(withoutEmail);
  if (phone) out.telefone = phone;
  const cep = CEP.exec(phone ? withoutEmail.replace(phone, " ") : withoutEmail);
  if (cep) out.cep = `${cep[1]}-${cep[2]}`;
  const name = findName(text);
  if (name) out.nome = name;
  const company = COMPANY.exec(text)?.[1]?.trim();
  if (company && company.length >= 2) out.empresa = company;
  const city = CITY.exec(text)?.[1]?.trim();
  if (city) out.cidade = city;
  for (const d of custom) {
    const labels = [d.displayName, d.name].map(escapeRegex).join("|");
    const m = new RegExp(`(?:^|[\\n,;.])\\s*(?:${labels})\\s*[:=]\\s*([^\\n,;]+)`, "iu").exec(text);
    const value = m?.[1]?.trim().replace(/[.!?]+$/, "");
    if (value && !dataTypeProblem(d.dataType, value)) out[d.name] = value;
  }
  return out;
}
