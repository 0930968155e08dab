/**
 * How a stored intent looks to the model: a tool name, a description and a JSON Schema of its
 * parameters. Pure functions, so the offline matcher and the editor can reuse them.
 */
import type { z } from "zod";
import type { agentIntents } from "../../../db/schema";
import { intentAction, intentParameter } from "../../schemas/agents";

export type IntentRow = typeof agentIntents.$inferSelect;
export type IntentAction = z.output<typeof intentAction>;
export type IntentParam = z.output<typeof intentParameter>;
export type WebhookConfig = Extract<IntentAction, { type: "webhook" }>["webhook"];

/** A stored intent with its JSON columns re-validated (defaults filled); null when the row is unusable. */
export type ParsedIntent = { row: IntentRow; action: IntentAction; params: IntentParam[] };

export function parseIntent(row: IntentRow): ParsedIntent | null {
  const action = intentAction.safeParse(row.action);
  if (!action.success) return null;
  const params = (Array.isArray(row.parameters) ? row.parameters : []).flatMap((p) => {
    const parsed = intentParameter.safeParse(p);
    return parsed.success ? [parsed.data] : [];
  });
  return { row, action: action.data, params };
}

const fold = (s: string) => s.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");

/** "Consultar Pedido (2ª via)" → "Consultar_Pedido_2a_via": the tool-name alphabet, ≤ 64, unique in `taken`. */
export function toolNameFor(name: string, taken: Set<string>): string {
  const base = (fold(name).replace(/[^a-zA-Z0-9_-]+/g, "_").replace(/^_+|_+$/g, "") || "intencao").slice(0, 64);
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base.slice(0, 64 - String(n).length - 1)}_${n}`;
  taken.add(candidate);
  return candidate;
}

export function describeIntent(row: Pick<IntentRow, "description" | "examples">): string {
  const examples = (row.examples ?? []).map((e) => `"${e}"`).join("; ");
  return (examples ? `${row.description}\nExemplos do que o cliente diz: ${examples}` : row.description).slice(0, 1000);
}

function paramSchema(p: IntentParam): Record<string, unknown> {
  const described = (hint?: string) => [p.description, hint].filter(Boolean).join(" ") || undefined;
  const base = (() => {
    switch (p.type) {
      case "number":
        return { type: "number", description: described() };
      case "boolean":
        return { type: "boolean", description: described() };
      case "list":
        return { type: "array", items: { type: "string" }, description: described() };
      case "email":
        return { type: "string", format: "email", description: described("(e-mail)") };
      case "phone":
        return { type: "string", description: described("(telefone com DDD, só números)") };
      case "date":
        return { type: "string", format: "date", description: described("(data no formato AAAA-MM-DD)") };
      default:
        return { type: "string", description: described() };
    }
  })();
  return { ...base, ...(p.examples.length ? { examples: p.examples } : {}) };
}

export function parametersSchema(params: IntentParam[]): Record<string, unknown> {
  const required = params.filter((p) => p.required).map((p) => p.name);
  return {
    type: "object",
    properties: Object.fromEntries(params.map((p) => [p.name, paramSchema(p)])),
    ...(required.length ? { required } : {}),
  };
}

/** The value at a dotted path ("pedido.status") of a JSON answer or the arguments. */
function lookup(source: unknown, path: string): unknown {
  let at: unknown = source;
  for (const key of path.split(".")) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/**
 * Fills {campo} placeholders from the sources, first match wins. A placeholder with no value
 * becomes empty: the customer must never see raw braces.
 */
export function fillTemplate(template: string, ...sources: unknown[]): string {
  return template
    .replace(/\{\s*([a-zA-Z0-9_.-]+)\s*\}/g, (_, path: string) => {
      for (const s of sources) {
        const v = lookup(s, path);
        if (v === undefined || v === null) continue;
        if (Array.isArray(v)) return v.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join(", ");
        return typeof v === "object" ? JSON.stringify(v) : String(v);
      }
      return "";
    })
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}
