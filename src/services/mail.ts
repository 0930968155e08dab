import { desc, eq } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import type { Db } from "../../db/client";
import type { Env } from "../env";
import type { SecretBox } from "../lib/crypto";
import { log } from "../lib/logger";

export type OutgoingMail = { to: string; subject: string; text: string; html?: string; template: string };

export type Mailer = {
  /** Resolves once the mail is sent, or kept in the outbox when no SMTP server is configured. */
  send(mail: OutgoingMail): Promise<{ status: "sent" | "queued" | "failed"; error?: string }>;
  configured: boolean;
};

/**
 * SMTP through nodemailer when SMTP_HOST is set. Offline (no SMTP) the mail is stored in
 * mail_outbox with status "queued" (the log says only who it is for), so the flows work anywhere.
 * Every mail is recorded in the outbox either way: the admin can see what left and what failed.
 * nodemailer is imported with the first mail, not at boot (issue 12: start time and idle memory).
 */
export function createMailer(db: Db, env: Env, secrets: SecretBox): Mailer {
  const smtpHost = env.SMTP_HOST;
  const createTransport = async () => {
    const { default: nodemailer } = await import("nodemailer");
    return nodemailer.createTransport({
      host: smtpHost,
      port: env.SMTP_PORT ?? 587,
      secure: env.SMTP_SECURE === "true",
      auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? "" } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
    });
  };
  let transport: ReturnType<typeof createTransport> | null = null;
  const from = env.SMTP_FROM ?? "Atenda <no-reply@atenda.local>";

  return {
    configured: Boolean(smtpHost),
    async send(mail) {
      let status: "sent" | "queued" | "failed" = "queued";
      let error: string | undefined;
      if (smtpHost) {
        try {
          transport ??= createTransport();
          await (await transport).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
          status = "sent";
        } catch (e) {
          status = "failed";
          error = e instanceof Error ? e.message : String(e);
          log.error("mail send failed", { to: mail.to, template: mail.template, error });
        }
      } else {
        // Never the body: it carries reset/verify/invite links, and logs are read by more people than the outbox.
        log.info("mail waiting in the outbox (no SMTP configured)", { to: mail.to, subject: mail.subject, template: mail.template });
      }
      await db.insert(mailOutbox).values({
        toAddress: mail.to,
        subject: mail.subject,
        // Bodies carry raw reset/verify/invite tokens (stored hashed elsewhere): encrypted at rest.
        text: secrets.encrypt(mail.text),
        html: mail.html ? secrets.encrypt(mail.html) : null,
        template: mail.template,
        status,
        error: error ?? null,
        sentAt: status === "sent" ? Date.now() : null,
      });
      return { status, error };
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
