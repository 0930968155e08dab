/**
 * The intents' internal tool `crm` on the built-in CRM: the intent's parameters, whatever the
 * owner named them, become the lead (nome/email/telefone/empresa/observação under their usual
 * names) and the contact's variables (any other parameter with a variable-like name).
 */
import type { AgentRow } from "../../runtime/prompt";
import type { ToolContext, ToolResult } from "../../runtime/tools";
import type { AppDeps } from "../../services/context";
import type { LeadValues } from "../../services/crm/agent-crm";
import { registerLeadEverywhere } from "./lead";

/** Which lead field a parameter name means ("email_contato" → email, "nome_empresa" → company), if any. */
function fieldOf(k: string): keyof LeadValues | null {
  if (/(^|_)(empresa|company|razao_social)(_|$)/.test(k)) return "company";
  if (/(^|_)e?_?mail(_|$)/.test(k)) return "email";
  if (/(^|_)(telefone|celular|whatsapp|fone|phone)(_|$)/.test(k)) return "phone";
  if (/^(nome|name|cliente)(_|$)/.test(k)) return "name";
  if (/^(observac[a-z]*|interesse|mensagem|notes?|descricao|detalhes)(_|$)/.test(k)) return "notes";
  return null;
}

/** "E-mail do cliente" → "e_mail_do_cliente": accents dropped, separators as _. */
const key = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");

const asText = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" || typeof v === "boolean" ? String(v) : Array.isArray(v) ? v.join(", ") : "");

export function leadOfIntentArgs(args: Record<string, unknown>): { lead: LeadValues; extra: Record<string, string> } {
  const lead: LeadValues = {};
  const extra: Record<string, string> = {};
  for (const [name, raw] of Object.entries(args)) {
    const value = asText(raw).slice(0, 2000);
    if (!value) continue;
    const k = key(name);
    const field = fieldOf(k);
    // Notes add up; for the other fields the first parameter that names one wins.
    if (field === "notes") lead.notes = lead.notes ? `${lead.notes}\n${value}` : value;
    else if (field) lead[field] ||= value;
    else if (/^[a-z_][a-z0-9_]{0,99}$/.test(k)) extra[k] = value;
  }
  return { lead, extra };
}

export async function runCrmIntent(deps: AppDeps, agent: AgentRow, args: Record<string, unknown>, ctx: Pick<ToolContext, "conversationId" | "channel" | "customer">): Promise<ToolResult> {
  const { lead, extra } = leadOfIntentArgs(args);
  return { data: await registerLeadEverywhere(deps, agent, ctx, lead, extra) };
}
