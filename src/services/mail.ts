import { desc, eq, inArray } from "drizzle-orm";
import { mailOutbox, platformSettings } from "../../db/schema";
import type { Db } from "../../db/client";
import type { Env } from "../env";
import type { SecretBox } from "../lib/crypto";
import { log } from "../lib/logger";

export type OutgoingMail = { to: string; subject: string; text: string; html?: string; template: string };

export type SendResult = { status: "sent" | "queued" | "failed"; error?: string; outboxId?: string };

export type Mailer = {
  /** Resolves once the mail is sent, or kept in the outbox when no SMTP server is configured. */
  send(mail: OutgoingMail): Promise<SendResult>;
  /** An active mail server is configured (last read of the database; env before the first read). */
  readonly configured: boolean;
  /** Drops the cached server/sender config and transport: the next send reads the database again. */
  invalidate(): void;
};

/** The platform's SMTP server and sender as stored in platform_settings (password decrypted). */
export type MailServerConfig = { host: string; port: number; secure: boolean; username: string; password: string; isActive: boolean };
export type MailSenderConfig = { senderName: string; senderEmail: string };
type MailConfig = { server: MailServerConfig | null; sender: MailSenderConfig | null };

/** Another process (the job Worker) may save nothing, but must see a save made by the server soon. */
const CONFIG_TTL_MS = 30_000;
const DEFAULT_SENDER: MailSenderConfig = { senderName: "Atenda", senderEmail: "no-reply@atenda.local" };

/** "Nome <email>" or "email" (SMTP_FROM) → sender fields. */
export function parseFromHeader(from: string): MailSenderConfig {
  const m = from.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/);
  if (m?.[2]) return { senderName: (m[1] ?? "").trim() || DEFAULT_SENDER.senderName, senderEmail: m[2].trim() };
  return { senderName: DEFAULT_SENDER.senderName, senderEmail: from.trim() };
}

/** The stored mail_server and mail_sender rows (secrets decrypted), each null when never saved. */
export async function loadMailConfig(db: Db, secrets: SecretBox): Promise<MailConfig> {
  const rows = await db
    .select()
    .from(platformSettings)
    .where(inArray(platformSettings.key, ["mail_server", "mail_sender"]))
    .limit(2);
  const server = rows.find((r) => r.key === "mail_server")?.value;
  const sender = rows.find((r) => r.key === "mail_sender")?.value;
  return {
    server: server
      ? {
          host: String(server.host ?? ""),
          port: Number(server.port ?? 587),
          secure: server.secure === true,
          username: String(server.username ?? ""),
          password: typeof server.password === "string" ? secrets.decrypt(server.password) : "",
          isActive: server.isActive !== false,
        }
      : null,
    sender: sender ? { senderName: String(sender.senderName ?? ""), senderEmail: String(sender.senderEmail ?? "") } : null,
  };
}

const fromHeader = (s: MailSenderConfig) => `"${s.senderName.replace(/["\\]/g, "")}" <${s.senderEmail}>`;

/** nodemailer over the given server; imported on first use, not at boot (issue 12: start time and idle memory). */
export async function smtpTransport(server: MailServerConfig) {
  const { default: nodemailer } = await import("nodemailer");
  return nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    auth: server.username ? { user: server.username, pass: server.password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  });
}

/**
 * SMTP through nodemailer with the server and sender an admin saved (/admin/modelos-emails; env
 * SMTP_* seed them). Offline (no active server) the mail is stored in mail_outbox with status "queued",
 * so the flows work anywhere. Every mail is recorded in the outbox either way: the admin sees what left
 * and what failed, with the reason.
 */
export function createMailer(db: Db, env: Env, secrets: SecretBox): Mailer {
  let cached: { config: MailConfig; at: number } | null = null;
  let transport: { key: string; t: ReturnType<typeof smtpTransport> } | null = null;
  let loading: Promise<MailConfig> | null = null;
  // A read that started before a save must not refill the cache with the old config.
  let generation = 0;

  const load = async () => {
    if (cached && Date.now() - cached.at < CONFIG_TTL_MS) return cached.config;
    const gen = generation;
    loading ??= loadMailConfig(db, secrets)
      .then((config) => {
        if (gen === generation) cached = { config, at: Date.now() };
        return config;
      })
      .finally(() => {
        if (gen === generation) loading = null;
      });
    return loading;
  };
  const activeServer = (c: MailConfig) => (c.server?.isActive && c.server.host ? c.server : null);

  return {
    get configured() {
      if (!cached) return Boolean(env.SMTP_HOST);
      // A stale read refreshes in the background: callers of this flag are synchronous.
      if (Date.now() - cached.at >= CONFIG_TTL_MS) void load().catch(() => {});
      return activeServer(cached.config) !== null;
    },
    invalidate() {
      generation++;
      cached = null;
      loading = null;
      transport = null;
      // Refilled at once so `configured` reflects the saved row, not the env, from now on.
      void load().catch(() => {});
    },
    async send(mail) {
      let status: SendResult["status"] = "queued";
      let error: string | undefined;
      const config = await load().catch((e: unknown) => {
        error = e instanceof Error ? e.message : String(e);
        return { server: null, sender: null } satisfies MailConfig;
      });
      const server = activeServer(config);
      if (server) {
        try {
          const key = JSON.stringify(server);
          if (transport?.key !== key) transport = { key, t: smtpTransport(server) };
          const from = fromHeader(config.sender?.senderEmail ? config.sender : DEFAULT_SENDER);
          await (await transport.t).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
          status = "sent";
          error = undefined;
        } catch (e) {
          status = "failed";
          error = e instanceof Error ? e.message : String(e);
          log.error("mail send failed", { to: mail.to, template: mail.template, error });
        }
      } else {
        // Never the body: it carries reset/verify/invite links, and logs are read by more people than the outbox.
        log.info("mail waiting in the outbox (no SMTP configured)", { to: mail.to, subject: mail.subject, template: mail.template });
      }
      const [row] = await db
        .insert(mailOutbox)
        .values({
          toAddress: mail.to.toLowerCase(),
          subject: mail.subject,
          // Bodies carry raw reset/verify/invite tokens (stored hashed elsewhere): encrypted at rest.
          text: secrets.encrypt(mail.text),
          html: mail.html ? secrets.encrypt(mail.html) : null,
          template: mail.template,
          status,
          error: error ?? null,
          sentAt: status === "sent" ? Date.now() : null,
        })
        .returning({ id: mailOutbox.id });
      return { status, error, outboxId: row?.id };
    },
  };
}

/** The newest 50 outbox mails, optionally to one address, decrypted (the test-only /api/v1/dev/outbox). */
export async function recentOutbox(db: Db, secrets: SecretBox, to?: string) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.toAddress, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(50);
  return rows.map((r) => ({ to: r.toAddress, subject: r.subject, text: secrets.decrypt(r.text), template: r.template, createdAt: r.createdAt }));
}
