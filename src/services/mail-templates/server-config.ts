/**
 * The platform's SMTP server and sender (platform_settings mail_server / mail_sender, the password
 * encrypted by platform-settings.ts): read for the admin screen (never the password), saved (the
 * mailer's cache dropped), tested, and seeded from env SMTP_* when the rows are missing.
 */
import { AppError } from "../../lib/errors";
import { log } from "../../lib/logger";
import type { MailSenderInput, MailServerInput } from "../../schemas/admin-mail";
import { changedFields, logActivity } from "../activity";
import type { AppDeps, RequestMeta } from "../context";
import { parseFromHeader, smtpTransport } from "../mail";
import { getPlatformSetting, publicPlatformSetting, savePlatformSetting } from "../platform-settings";

export type MailServerView = { host: string; port: number; secure: boolean; username: string; hasPassword: boolean; isActive: boolean };
export type MailSenderView = { senderName: string; senderEmail: string };
export type MailConfigView = { server: MailServerView | null; sender: MailSenderView | null; serverUpdatedAt: number | null; senderUpdatedAt: number | null; configured: boolean };

const asServerView = (v: Record<string, unknown>): MailServerView => ({
  host: String(v.host ?? ""),
  port: Number(v.port ?? 587),
  secure: v.secure === true,
  username: String(v.username ?? ""),
  hasPassword: v.hasPassword === true,
  isActive: v.isActive !== false,
});

/** What /admin/modelos-emails shows: the server without its password (a has-flag instead) and the sender. */
export async function getMailConfig(deps: AppDeps): Promise<MailConfigView> {
  const server = await publicPlatformSetting(deps, "mail_server");
  const sender = await publicPlatformSetting(deps, "mail_sender");
  return {
    server: server.updatedAt ? asServerView(server.value) : null,
    sender: sender.updatedAt ? { senderName: String(sender.value.senderName ?? ""), senderEmail: String(sender.value.senderEmail ?? "") } : null,
    serverUpdatedAt: server.updatedAt,
    senderUpdatedAt: sender.updatedAt,
    configured: deps.mailer.configured,
  };
}

export async function saveMailServer(deps: AppDeps, meta: RequestMeta, adminId: string, input: MailServerInput) {
  const before = await publicPlatformSetting(deps, "mail_server");
  const saved = await savePlatformSetting(deps, "mail_server", input, adminId);
  deps.mailer.invalidate();
  const diff = changedFields(before.value, { ...saved.value, ...(input.password ? { novaSenhaDefinida: true } : {}) });
  await logActivity(deps.db, meta, {
    userId: adminId,
    action: "admin.mail.server_saved",
    category: "admin",
    resourceType: "mail_server",
    description: `Servidor de email alterado para ${input.host}:${input.port}${input.isActive ? "" : " (desativado)"}`,
    ...diff,
  });
  return getMailConfig(deps);
}

export async function saveMailSender(deps: AppDeps, meta: RequestMeta, adminId: string, input: MailSenderInput) {
  const before = await publicPlatformSetting(deps, "mail_sender");
  await savePlatformSetting(deps, "mail_sender", input, adminId);
  deps.mailer.invalidate();
  await logActivity(deps.db, meta, {
    userId: adminId,
    action: "admin.mail.sender_saved",
    category: "admin",
    resourceType: "mail_sender",
    description: `Remetente dos emails alterado para ${input.senderName} <${input.senderEmail}>`,
    ...changedFields(before.value, input),
  });
  return getMailConfig(deps);
}

/**
 * Connects and authenticates against the saved server (EHLO, STARTTLS/TLS, AUTH) without sending:
 * the answer says what failed, in the server's words.
 */
export async function testMailServer(deps: AppDeps) {
  const server = await getPlatformSetting<Record<string, unknown>>(deps, "mail_server");
  if (!server?.host) throw new AppError("PRECONDITION_FAILED", "Salve o servidor de email antes de testar a conexão.");
  const transport = await smtpTransport({
    host: String(server.host),
    port: Number(server.port ?? 587),
    secure: server.secure === true,
    username: String(server.username ?? ""),
    password: String(server.password ?? ""),
    isActive: true,
  });
  try {
    await transport.verify();
    return { ok: true as const, error: null };
  } catch (e) {
    return { ok: false as const, error: e instanceof Error ? e.message : String(e) };
  } finally {
    transport.close();
  }
}

/** First boot with SMTP_* in env: the rows are created from them; existing rows are never overwritten. */
export async function seedMailConfigFromEnv(deps: AppDeps) {
  const env = deps.env;
  if (env.SMTP_HOST && !(await publicPlatformSetting(deps, "mail_server")).updatedAt) {
    await savePlatformSetting(
      deps,
      "mail_server",
      { host: env.SMTP_HOST, port: env.SMTP_PORT ?? 587, secure: env.SMTP_SECURE === "true", username: env.SMTP_USER ?? "", password: env.SMTP_PASSWORD ?? "", isActive: true },
      null,
    );
    log.info("mail server seeded from env", { host: env.SMTP_HOST });
  }
  if (env.SMTP_FROM && !(await publicPlatformSetting(deps, "mail_sender")).updatedAt) {
    await savePlatformSetting(deps, "mail_sender", parseFromHeader(env.SMTP_FROM), null);
  }
  deps.mailer.invalidate();
}
