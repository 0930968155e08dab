/**
 * E-mails the agent sends to the business: to the recipients of its "email" integration, through
 * the business's own SMTP server when set (nodemailer, host vetted like safeFetch: no private or
 * loopback address outside tests, connection pinned to the vetted IP), otherwise through the
 * platform mailer (deps.mailer).
 */
import { promises as dns } from "node:dns";
import type { AgentRow } from "../../runtime/prompt";
import { blockedAddressReason, blockedNameReason, isIpLiteral } from "../../lib/net/ip";
import { isTestAllowed } from "../../lib/net/test-hooks";
import type { EmailIntegrationConfig } from "../../schemas/email-integration";
import type { AppDeps } from "../../services/context";
import { integrationsOf, openConfig } from "../store";

export class EmailSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmailSendError";
  }
}

const DNS_TIMEOUT_MS = 5_000;
export const SMTP_SENT_LATE = "O envio do e-mail foi cancelado porque passou do tempo limite";

export const SMTP_BLOCKED = "Servidor SMTP não permitido: o endereço aponta para uma rede privada.";

/** Resolves the SMTP host once and refuses private, loopback and metadata addresses (tests allow-list theirs). */
export async function vetSmtpHost(host: string, port: number): Promise<string> {
  const name = host.trim().toLowerCase().replace(/\.+$/, "");
  const allowed = (h: string) => isTestAllowed(`${h.includes(":") ? `[${h}]` : h}:${port}`);
  let addresses: string[];
  if (isIpLiteral(name)) addresses = [name];
  else {
    if (blockedNameReason(name) && !allowed(name)) throw new EmailSendError(SMTP_BLOCKED);
    try {
      const lookup = dns.lookup(name, { all: true, verbatim: true });
      addresses = (await Promise.race([lookup, Bun.sleep(DNS_TIMEOUT_MS).then(() => Promise.reject(new Error("dns timeout")))])).map((a) => a.address);
    } catch {
      throw new EmailSendError("Servidor SMTP não encontrado. Confira o endereço.");
    }
  }
  if (!addresses.length) throw new EmailSendError("Servidor SMTP não encontrado. Confira o endereço.");
  for (const ip of addresses) if (blockedAddressReason(ip) && !allowed(ip)) throw new EmailSendError(SMTP_BLOCKED);
  return addresses[0] as string;
}

function smtpFailure(err: unknown): EmailSendError {
  const e = err as { code?: string; responseCode?: number; message?: string };
  if (err instanceof EmailSendError) return err;
  if (e.code === "EAUTH") return new EmailSendError("O servidor SMTP recusou o usuário ou a senha");
  if (e.code === "EENVELOPE" || e.responseCode === 550 || e.responseCode === 553) return new EmailSendError("O servidor SMTP recusou o destinatário ou o remetente");
  if (e.code === "ETIMEDOUT" || e.code === "ECONNECTION" || e.code === "ESOCKET" || e.code === "EDNS") return new EmailSendError("Não foi possível conectar ao servidor SMTP. Confira servidor, porta e segurança (SSL/TLS).");
  return new EmailSendError(`Falha ao enviar o e-mail${e.message ? `: ${e.message.slice(0, 200)}` : ""}`);
}

export type BusinessMail = { subject: string; text: string; template: string };

/**
 * How we talk to the business's own SMTP server, connected to the vetted IP. A login is never sent
 * in clear: without implicit TLS (secure) the server must offer STARTTLS (requireTLS). Only a
 * loopback fake allow-listed by a test (NODE_ENV=test) speaks plain SMTP.
 */
export function smtpTransportOptions(cfg: EmailIntegrationConfig, ip: string) {
  const plainTestServer = isTestAllowed(`${ip.includes(":") ? `[${ip}]` : ip}:${cfg.smtpPort}`);
  return {
    host: ip,
    port: cfg.smtpPort,
    secure: cfg.smtpSecure,
    requireTLS: !cfg.smtpSecure && Boolean(cfg.smtpUser) && !plainTestServer,
    auth: cfg.smtpUser ? { user: cfg.smtpUser, pass: cfg.smtpPassword ?? "" } : undefined,
    tls: { servername: cfg.smtpHost ?? undefined },
    name: "atenda.local",
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  };
}

/**
 * Sends one mail to the config's recipients; throws EmailSendError with the reason. A tool call that
 * has already timed out (signal) sends nothing: the model would retry and the team get it twice.
 */
export async function sendWithConfig(
  deps: AppDeps,
  cfg: EmailIntegrationConfig,
  mail: BusinessMail,
  signal?: AbortSignal,
): Promise<{ via: "smtp" | "platform"; status: "sent" | "queued" }> {
  const to = cfg.recipients.join(", ");
  if (cfg.useOwnSmtp && cfg.smtpHost) {
    const ip = await vetSmtpHost(cfg.smtpHost, cfg.smtpPort);
    if (signal?.aborted) throw new EmailSendError(SMTP_SENT_LATE);
    // Imported on use: most businesses never set their own SMTP, and the server boots without it.
    const { default: nodemailer } = await import("nodemailer");
    const transport = nodemailer.createTransport(smtpTransportOptions(cfg, ip));
    const abort = () => transport.close();
    signal?.addEventListener("abort", abort, { once: true });
    try {
      await transport.sendMail({ from: cfg.smtpFrom ?? undefined, to, subject: mail.subject, text: mail.text });
      return { via: "smtp", status: "sent" };
    } catch (err) {
      throw signal?.aborted ? new EmailSendError(SMTP_SENT_LATE) : smtpFailure(err);
    } finally {
      signal?.removeEventListener("abort", abort);
      transport.close();
    }
  }
  if (signal?.aborted) throw new EmailSendError(SMTP_SENT_LATE);
  const sent = await deps.mailer.send({ to, subject: mail.subject, text: mail.text, template: mail.template });
  if (sent.status === "failed") throw new EmailSendError("Não foi possível enviar o e-mail agora");
  return { via: "platform", status: sent.status };
}

/** The agent's e-mail config (password decrypted) when enabled and with recipients, else null. */
export async function activeEmailConfig(deps: AppDeps, agent: Pick<AgentRow, "id" | "workspaceId">): Promise<EmailIntegrationConfig | null> {
  const [row] = (await integrationsOf(deps, agent, "email")).filter((r) => r.workspaceId === agent.workspaceId);
  if (!row?.enabled) return null;
  const cfg = openConfig<EmailIntegrationConfig>(deps, row);
  return Array.isArray(cfg.recipients) && cfg.recipients.length ? cfg : null;
}
