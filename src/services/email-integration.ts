/**
 * "E-mail para a empresa" of an agent: recipients and optional own SMTP (agent_integrations kind
 * "email", password encrypted). Reached through the caller's workspace; writes and the test need
 * canEditAgents.
 */
import { and, eq } from "drizzle-orm";
import { agentIntegrations } from "../../db/schema";
import { EmailSendError, sendWithConfig, vetSmtpHost } from "../integrations/email/send";
import { type IntegrationRow, assertSecretStaysWithAddress, integrationsOf, openConfig, publicConfig, sealConfig } from "../integrations/store";
import { AppError } from "../lib/errors";
import { type EmailIntegrationConfig, emailIntegrationInput } from "../schemas/email-integration";
import { getAgent, requireFlag } from "./agents";
import type { ServiceContext, WorkspaceScope } from "./context";

const DENIED = "Você não tem permissão para editar agentes neste workspace";

async function rowOf(ctx: ServiceContext, scope: WorkspaceScope, agentId: string): Promise<IntegrationRow | null> {
  await getAgent(ctx.db, scope, agentId);
  const [row] = (await integrationsOf(ctx, agentId, "email")).filter((r) => r.workspaceId === scope.id);
  return row ?? null;
}

function toPublic(row: IntegrationRow) {
  const pub = publicConfig(row);
  return { id: pub.id, enabled: pub.enabled, lastTestedAt: pub.lastTestedAt, testStatus: pub.testStatus, testMessage: pub.testMessage, config: pub.config };
}

export async function getAgentEmail(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  const row = await rowOf(ctx, scope, agentId);
  return { platformMailer: ctx.mailer.configured, integration: row ? toPublic(row) : null };
}

export async function saveAgentEmail(ctx: ServiceContext, scope: WorkspaceScope, agentId: string, raw: unknown) {
  requireFlag(scope, "canEditAgents", DENIED);
  const row = await rowOf(ctx, scope, agentId);
  const { enabled, ...input } = emailIntegrationInput.parse(raw);
  const next = { ...input, smtpHost: input.smtpHost ?? null, smtpUser: input.smtpUser ?? null, smtpFrom: input.smtpFrom ?? null };
  // Before the host is even looked up: the stored password stays with the host it was saved for.
  assertSecretStaysWithAddress("email", next, row?.config ?? null);
  if (input.useOwnSmtp && input.smtpHost) {
    // A private or loopback SMTP host is refused when saved, not only when used.
    try {
      await vetSmtpHost(input.smtpHost, input.smtpPort);
    } catch (err) {
      if (err instanceof EmailSendError) throw new AppError("VALIDATION", err.message, { field: "smtpHost" });
      throw err;
    }
  }
  const config = sealConfig(ctx, "email", next, row?.config ?? null);
  if (row) {
    const [next] = await ctx.db.update(agentIntegrations).set({ config, enabled, status: "configured" }).where(eq(agentIntegrations.id, row.id)).returning();
    if (!next) throw new AppError("NOT_FOUND", "Integração não encontrada");
    return toPublic(next);
  }
  const [created] = await ctx.db.insert(agentIntegrations).values({ workspaceId: scope.id, agentId, kind: "email", config, enabled, status: "configured" }).returning();
  if (!created) throw new AppError("INTERNAL", "Falha ao salvar a integração");
  return toPublic(created);
}

export async function removeAgentEmail(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  requireFlag(scope, "canEditAgents", DENIED);
  const row = await rowOf(ctx, scope, agentId);
  if (row) await ctx.db.delete(agentIntegrations).where(and(eq(agentIntegrations.id, row.id), eq(agentIntegrations.workspaceId, scope.id)));
  return { ok: true };
}

/** "Testar": a real test e-mail to the saved recipients, through the saved SMTP (or the platform's). */
export async function testAgentEmail(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  requireFlag(scope, "canEditAgents", DENIED);
  const row = await rowOf(ctx, scope, agentId);
  if (!row) throw new AppError("NOT_FOUND", "Salve a configuração de e-mail antes de testar");
  const agent = await getAgent(ctx.db, scope, agentId);
  const cfg = openConfig<EmailIntegrationConfig>(ctx, row);
  let result: { ok: boolean; via: "smtp" | "platform" | null; queued: boolean; error: string | null };
  try {
    const sent = await sendWithConfig(ctx, cfg, {
      subject: `Teste de e-mail — ${agent.name}`,
      text: `Este é um e-mail de teste do Atenda.\n\nQuando o agente ${agent.name} precisar avisar a empresa, as mensagens chegarão a: ${cfg.recipients.join(", ")}.`,
      template: "agent-email-test",
    });
    result = { ok: true, via: sent.via, queued: sent.status === "queued", error: null };
  } catch (err) {
    result = { ok: false, via: null, queued: false, error: err instanceof EmailSendError ? err.message : "Falha ao enviar o e-mail de teste" };
  }
  await ctx.db
    .update(agentIntegrations)
    .set({ lastTestedAt: ctx.now(), testStatus: result.ok ? "ok" : "failed", testMessage: result.ok ? `Enviado para ${cfg.recipients.length} destinatário(s)` : result.error })
    .where(eq(agentIntegrations.id, row.id));
  return result;
}
