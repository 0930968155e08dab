/**
 * `{{variavel}}` templates (greeting, follow-ups, later campaigns): a pure text substitution, no
 * expressions and no code. Used by the server and the browser (the editor's preview).
 */

/** `{{nome}}` or `{{ nome }}`; the name follows the variable rule (lower-case identifier). */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
/** Marks an empty substitution so the space around it can be tidied ("Olá {{nome}}!" → "Olá!"). */
const EMPTY = "\uE000";

export type TemplateValues = Readonly<Record<string, string | null | undefined>>;

/** Own keys only: `{{constructor}}` must not reach Object.prototype. */
const own = (from: TemplateValues, name: string): string => (Object.hasOwn(from, name) && typeof from[name] === "string" ? (from[name] ?? "").trim() : "");

/** Whether the text has anything to render (a cheap test before loading values). */
export const hasPlaceholders = (text: string | null | undefined): boolean => Boolean(text?.includes("{{"));

/** The variable names a text refers to, in order of first use. */
export function templateNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) if (m[1]) names.add(m[1].toLowerCase());
  return [...names];
}

/**
 * Replaces each `{{name}}` by its value, else the definition's default, else nothing (and the
 * space left behind goes too). Text that is not a placeholder is left exactly as written.
 */
export function renderTemplate(text: string, values: TemplateValues, defaults: TemplateValues = {}): string {
  if (!hasPlaceholders(text)) return text;
  let emptied = false;
  const out = text.replace(PLACEHOLDER, (_m, raw: string) => {
    const name = raw.toLowerCase();
    const value = own(values, name) || own(defaults, name);
    if (!value) emptied = true;
    // A value is text: a `{{x}}` inside it is not rendered again (no recursion).
    return value ? value.replaceAll("{{", "{\u200b{") : EMPTY;
  });
  if (!emptied) return out;
  // "Olá, {{nome}}!" → "Olá!": the comma that introduced a missing value goes with it.
  return out.replace(/(,?[ \t]*)\uE000([ \t]*)/g, (m, before: string, after: string, offset: number, whole: string) => {
    const next = whole[offset + m.length];
    const prev = offset > 0 ? whole[offset - 1] : undefined;
    if (next === undefined || next === "\n" || next === EMPTY || /[,.!?;:)]/.test(next)) return "";
    if (prev === undefined || prev === "\n" || prev === "(") return "";
    if (before.startsWith(",")) return ", ";
    return before || after ? " " : "";
  });
}

const SAO_PAULO = "America/Sao_Paulo";
let parts: Intl.DateTimeFormat | null = null;
const WEEKDAYS = ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"];

/** data (dd/mm/aaaa), hora (HH:mm), dia_semana and saudacao, all in São Paulo time. */
export function dateTimeValues(now: Date = new Date()): Record<"data" | "hora" | "dia_semana" | "saudacao", string> {
  parts ??= new Intl.DateTimeFormat("en-US", { timeZone: SAO_PAULO, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23", weekday: "short" });
  const p = Object.fromEntries(parts.formatToParts(now).map((x) => [x.type, x.value]));
  const hour = Number(p.hour);
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(String(p.weekday));
  return {
    data: `${p.day}/${p.month}/${p.year}`,
    hora: `${String(hour).padStart(2, "0")}:${p.minute}`,
    dia_semana: WEEKDAYS[weekday] ?? "",
    saudacao: hour >= 5 && hour < 12 ? "Bom dia" : hour >= 12 && hour < 18 ? "Boa tarde" : "Boa noite",
  };
}

/** The agent's own variables. */
export const agentValues = (agent: { name: string; companyName?: string | null }): Record<"agente" | "empresa_agente", string> => ({
  agente: agent.name,
  empresa_agente: agent.companyName ?? "",
});

/** An ISO birth date (aaaa-mm-dd) as the customer reads it (dd/mm/aaaa). */
export const brDate = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
};

/** The editor's helper text where greeting and follow-ups are written. */
export const VARIABLES_HINT =
  "Você pode usar variáveis: {{nome}}, {{email}}, {{telefone}}, {{empresa}}, {{cidade}}, {{saudacao}}, {{data}}, {{hora}}, {{agente}} e as criadas em Contatos › Variáveis.";
