/**
 * "E-mail para a empresa" of an agent: recipients and optional own SMTP (agent_integrations kind
 * "email", password encrypted). Reached through the caller's workspace; writes and the test need
 * canEditAgents.
 */
import { EmailSendError, sendWithConfig, vetSmtpHost } from "../integrations/email/send";
import { type IntegrationRow, assertSecretStaysWithAddress, openConfig, publicConfig, sealConfig } from "../integrations/store";
import { AppError } from "../lib/errors";
import type { EmailIntegration, EmailIntegrationConfig } from "../schemas/email-integration";
import type { EditorScope } from "./access";
import { agentIntegrationOf, recordIntegrationTest, removeAgentIntegration, upsertAgentIntegration } from "./agent-integrations";
import { getAgent } from "./agents";
import type { ServiceContext, WorkspaceScope } from "./context";

function toPublic(row: IntegrationRow) {
  const pub = publicConfig(row);
  return { id: pub.id, enabled: pub.enabled, lastTestedAt: pub.lastTestedAt, testStatus: pub.testStatus, testMessage: pub.testMessage, config: pub.config };
}

export async function getAgentEmail(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  const row = await agentIntegrationOf(ctx, scope, agentId, "email");
  return { platformMailer: ctx.mailer.configured, integration: row ? toPublic(row) : null };
}

export async function saveAgentEmail(ctx: ServiceContext, scope: EditorScope, agentId: string, { enabled, ...input }: EmailIntegration) {
  const row = await agentIntegrationOf(ctx, scope, agentId, "email");
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
  return toPublic(await upsertAgentIntegration(ctx, scope, { agentId, kind: "email", row }, { config, enabled }));
}

export async function removeAgentEmail(ctx: ServiceContext, scope: EditorScope, agentId: string) {
  return removeAgentIntegration(ctx, scope, agentId, "email");
}

/** "Testar": a real test e-mail to the saved recipients, through the saved SMTP (or the platform's). */
export async function testAgentEmail(ctx: ServiceContext, scope: EditorScope, agentId: string) {
  const row = await agentIntegrationOf(ctx, scope, agentId, "email");
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
  await recordIntegrationTest(ctx, row.id, result.ok, result.ok ? `Enviado para ${cfg.recipients.length} destinatário(s)` : result.error);
  return result;
}
