import nodemailer from "nodemailer";
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
 * mail_outbox with status "queued" and logged, so register/reset/invite flows work anywhere.
 * Every mail is recorded in the outbox either way: the admin can see what left and what failed.
 */
export function createMailer(db: Db, env: Env, secrets: SecretBox): Mailer {
  const transport = env.SMTP_HOST
    ? nodemailer.createTransport({
        host: env.SMTP_HOST,
        port: env.SMTP_PORT ?? 587,
        secure: env.SMTP_SECURE === "true",
        auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? "" } : undefined,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
      })
    : null;
  const from = env.SMTP_FROM ?? "Atenda <no-reply@atenda.local>";

  return {
    configured: transport !== null,
    async send(mail) {
      let status: "sent" | "queued" | "failed" = "queued";
      let error: string | undefined;
      if (transport) {
        try {
          await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
          status = "sent";
        } catch (e) {
          status = "failed";
          error = e instanceof Error ? e.message : String(e);
          log.error("mail send failed", { to: mail.to, template: mail.template, error });
        }
      } else {
        log.info("mail kept in outbox (no SMTP configured)", { to: mail.to, subject: mail.subject, text: mail.text });
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
