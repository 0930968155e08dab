/**
 * internal_tool intents: actions the platform does itself. knowledge_base searches the agent's
 * training; email notifies the agent's e-mail recipients (or the workspace owner); crm registers the
 * lead in the built-in CRM (and Agendor when on). calendar and dynamic_api belong to their
 * integrations (other providers add their tools): the intent only points the model at them when the
 * integration is set up, and otherwise says it is not configured.
 */
import { eq } from "drizzle-orm";
import { type IntegrationKind, users, workspaces } from "../../../db/schema";
import type { AppDeps } from "../../services/context";
import { gatherKnowledge } from "../../runtime/knowledge";
import type { AgentRow } from "../../runtime/prompt";
import type { ToolResult } from "../../runtime/tools";
import { conversationLines } from "../email/provider";
import { activeEmailConfig, sendWithConfig } from "../email/send";
import { runCrmIntent } from "../crm/intent";
import { integrationsOf } from "../store";
import type { ParsedIntent } from "./shape";
import type { CallerContext } from "./webhook";

export const NOT_CONFIGURED = "integração ainda não configurada para este agente";

const INTEGRATION_OF: Record<string, IntegrationKind> = { calendar: "google_calendar", dynamic_api: "dynamic_api" };

const argText = (args: Record<string, unknown>) =>
  Object.values(args)
    .map((v) => (typeof v === "string" ? v : Array.isArray(v) ? v.join(" ") : ""))
    .join(" ")
    .trim();

async function searchKnowledge(deps: AppDeps, agent: AgentRow, query: string): Promise<ToolResult> {
  const found = await gatherKnowledge(deps, agent, query);
  if (!found.chunks.length) return { data: { trechos: [], observacao: "Nada encontrado no treinamento do agente sobre isso." } };
  return { data: { trechos: found.chunks.map((c) => ({ fonte: c.source, texto: c.content })) } };
}

async function ownerEmail(deps: AppDeps, workspaceId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ email: users.email })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaces.id, workspaceId));
  return row?.email ?? null;
}

export async function emailBusiness(deps: AppDeps, agent: AgentRow, intent: ParsedIntent, args: Record<string, unknown>, ctx: CallerContext & { text?: string }) {
  // The agent's "E-mail para a empresa" recipients (and own SMTP) when configured; else the workspace owner.
  const cfg = await activeEmailConfig(deps, agent);
  const owner = cfg ? null : await ownerEmail(deps, agent.workspaceId);
  if (!cfg && !owner) throw new Error("Não há e-mail da empresa para enviar");
  const lines = [
    `O agente ${agent.name} registrou a solicitação "${intent.row.name}".`,
    "",
    ...Object.entries(args).map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`),
    "",
    ...conversationLines(deps, ctx),
  ];
  const subject = `${intent.row.name} — ${agent.name}`;
  if (cfg) {
    await sendWithConfig(deps, cfg, { subject, text: lines.join("\n"), template: "intent-email" });
    return { data: { enviado: true } };
  }
  const sent = await deps.mailer.send({ to: owner as string, subject, text: lines.join("\n"), template: "intent-email" });
  if (sent.status === "failed") throw new Error("Não foi possível enviar o e-mail agora");
  return { data: { enviado: true } };
}

export async function runInternalTool(
  deps: AppDeps,
  agent: AgentRow,
  intent: ParsedIntent,
  tool: string,
  args: Record<string, unknown>,
  ctx: CallerContext & { text: string },
): Promise<ToolResult> {
  switch (tool) {
    case "knowledge_base":
      return searchKnowledge(deps, agent, argText(args) || ctx.text);
    case "email":
      return emailBusiness(deps, agent, intent, args, ctx);
    case "crm":
      return runCrmIntent(deps, agent, args, ctx);
    default: {
      const kind = INTEGRATION_OF[tool];
      const rows = kind ? await integrationsOf(deps, agent.id, kind) : [];
      if (!rows.some((r) => r.enabled)) throw new Error(NOT_CONFIGURED);
      return { data: { orientacao: `Use as ferramentas da integração ${kind} para concluir este pedido.` } };
    }
  }
}
