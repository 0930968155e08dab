/**
 * With SMTP configured, the product's mails leave through nodemailer over real SMTP (fake server on
 * 127.0.0.1, with AUTH); a refusing server gives the spec's 'Erro no serviço de email' message.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadEnv } from "../src/env";
import { startServer } from "../src/server";
import { decodeQuotedPrintable, startFakeSmtp } from "./fakes/smtp";

const smtp = await startFakeSmtp({ user: "mailer", password: "s3cret" });
const dataDir = mkdtempSync(join(tmpdir(), "atenda-smtp-"));
let app: Awaited<ReturnType<typeof startServer>>;
let base = "";

beforeAll(async () => {
  app = await startServer(
    loadEnv({
      PORT: "0",
      HOST: "127.0.0.1",
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "admin@atenda.test",
      ADMIN_PASSWORD: "admin123456",
      APP_URL: "https://atenda.example.com.br",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      SMTP_USER: "mailer",
      SMTP_PASSWORD: "s3cret",
      SMTP_FROM: "Atenda <no-reply@atenda.test>",
    }),
  );
  base = `http://127.0.0.1:${app.server.port}`;
});

afterAll(async () => {
  await app.stop();
  smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

test("[mail]: the password reset mail is delivered over authenticated SMTP with a working link", async () => {
  const res = await post("/api/v1/auth/forgot-password", { email: "admin@atenda.test" });
  expect(res.status).toBe(200);
  const mail = smtp.received.at(-1);
  expect(mail?.auth).toBe("mailer");
  expect(mail?.to).toEqual(["admin@atenda.test"]);
  expect(mail?.from).toBe("no-reply@atenda.test");
  const body = decodeQuotedPrintable(mail?.data ?? "");
  expect(body).toContain("Redefini");
  const token = body.match(/https:\/\/atenda\.example\.com\.br\/reset-password\?token=([\w-]+)/)?.[1];
  expect(token).toBeTruthy();
  const reset = await post("/api/v1/auth/reset-password", { token, password: "nova-senha-123" });
  expect(reset.status).toBe(200);
  const login = await post("/api/v1/auth/login", { email: "admin@atenda.test", password: "nova-senha-123" });
  expect(login.status).toBe(200);
});

test("[mail]: a refusing SMTP server surfaces the email-service error, not a crash", async () => {
  smtp.state.failRcpt = true;
  try {
    const res = await post("/api/v1/auth/forgot-password", { email: "admin@atenda.test" });
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toBe("Erro no serviço de email. Tente novamente em alguns minutos.");
  } finally {
    smtp.state.failRcpt = false;
  }
});
