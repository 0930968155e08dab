/**
 * adminMail.* (issue 17 item 7): the mail server and sender live in the database (seeded from env
 * SMTP_*, password encrypted and never returned), templates are edited with their variables checked,
 * test sends leave through real SMTP (loopback fake) and failures show in the outbox with the reason,
 * and an edited template is what the product's own flows send.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { platformSettings, userActivityLogs } from "../db/schema";
import { decodeQuotedPrintable, startFakeSmtp } from "./fakes/smtp";
import { type TestApp, startTestApp } from "./helpers/app";
import { seedMailConfigFromEnv } from "../src/services/mail-templates/server-config";
import { Client } from "./helpers/client";
import { type PublicUser, loginAdmin, registerUser } from "./helpers/factories";

const smtp = await startFakeSmtp({ user: "mailer", password: "s3cret-env" });
let app: TestApp;
let admin: Client;
let adminId: string;
let owner: Client;
let ownerUser: PublicUser;

beforeAll(async () => {
  app = await startTestApp({
    APP_URL: "https://atenda.example.com.br",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
    SMTP_USER: "mailer",
    SMTP_PASSWORD: "s3cret-env",
    SMTP_FROM: "Atenda Env <env@atenda.test>",
  });
  const a = await loginAdmin(app);
  admin = a.client;
  adminId = a.user.id;
  const o = await registerUser(app);
  owner = o.client;
  ownerUser = o.user;
}, 30_000);
afterAll(async () => {
  await app.stop();
  smtp.stop();
});

const serverInput = (over: Record<string, unknown> = {}) => ({ host: "127.0.0.1", port: smtp.port, secure: false, username: "mailer", password: "", isActive: true, ...over });
const storedServer = async () => (await app.deps.db.select().from(platformSettings).where(eq(platformSettings.key, "mail_server")))[0]?.value;
const lastAudit = async (action: string) =>
  (await app.deps.db.select().from(userActivityLogs).where(eq(userActivityLogs.action, action)).orderBy(desc(userActivityLogs.createdAt)).limit(1))[0];
const bodyOf = (i: number) => decodeQuotedPrintable(smtp.received.at(i)?.data ?? "");
type Outbox = { items: { to: string; subject: string; template: string; status: string; error: string | null }[]; hasMore: boolean };

describe("[admin-mail] access", () => {
  test("a normal user gets FORBIDDEN and anonymous UNAUTHORIZED on every adminMail call; nothing changes", async () => {
    const anon = await new Client(app.base).warmUp();
    const calls: [string, "query" | "mutate", unknown][] = [
      ["adminMail.config.get", "query", undefined],
      ["adminMail.config.saveServer", "mutate", serverInput({ host: "smtp.invasor.com" })],
      ["adminMail.config.saveSender", "mutate", { senderName: "Invasor", senderEmail: "x@invasor.com" }],
      ["adminMail.config.test", "mutate", undefined],
      ["adminMail.templates.list", "query", undefined],
      ["adminMail.templates.get", "query", { type: "reset-password" }],
      ["adminMail.templates.sample", "query", { type: "reset-password" }],
      ["adminMail.templates.save", "mutate", { type: "reset-password", subject: "Golpe", htmlContent: "<p>x</p>", textContent: "x", isActive: true }],
      ["adminMail.templates.restore", "mutate", { type: "reset-password" }],
      ["adminMail.templates.sendTest", "mutate", { type: "reset-password", to: "alvo@exemplo.com.br" }],
      ["adminMail.outbox.list", "query", { page: 1, pageSize: 20 }],
    ];
    const before = smtp.received.length;
    for (const [path, kind, input] of calls) {
      const asUser = kind === "query" ? await owner.query(path, input) : await owner.mutate(path, input);
      expect(asUser.status).toBe(403);
      expect(asUser.error).toMatchObject({ code: "FORBIDDEN", message: "Acesso restrito a administradores" });
      const asAnon = kind === "query" ? await anon.query(path, input) : await anon.mutate(path, input);
      expect(asAnon.error?.code).toBe("UNAUTHORIZED");
    }
    expect(smtp.received.length).toBe(before);
    expect((await storedServer())?.host).toBe("127.0.0.1");
    const tpl = await admin.query<{ customized: boolean }>("adminMail.templates.get", { type: "reset-password" });
    expect(tpl.data.customized).toBe(false);
  });
});

describe("[admin-mail] server and sender", () => {
  test("env SMTP_* seeded the rows; the password is encrypted at rest and never returned", async () => {
    const res = await admin.query<Record<string, unknown>>("adminMail.config.get");
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      server: { host: "127.0.0.1", port: smtp.port, secure: false, username: "mailer", hasPassword: true, isActive: true },
      sender: { senderName: "Atenda Env", senderEmail: "env@atenda.test" },
      configured: true,
    });
    expect(JSON.stringify(res.data)).not.toContain("s3cret-env");
    const stored = await storedServer();
    expect(typeof stored?.password).toBe("string");
    expect(stored?.password).not.toBe("s3cret-env");
    expect(JSON.stringify(stored)).not.toContain("s3cret-env");
    expect(app.deps.secrets.decrypt(String(stored?.password))).toBe("s3cret-env");
  });

  test("bad server and sender input is refused in pt-BR", async () => {
    const badPort = await admin.mutate("adminMail.config.saveServer", serverInput({ port: 0 }));
    expect(badPort.status).toBe(400);
    expect(badPort.error?.message).toContain("Porta inválida");
    const badHost = await admin.mutate("adminMail.config.saveServer", serverInput({ host: "smtp exemplo;rm" }));
    expect(badHost.error?.message).toContain("Servidor inválido");
    const badSender = await admin.mutate("adminMail.config.saveSender", { senderName: "A", senderEmail: "não-é-email" });
    expect(badSender.status).toBe(400);
    expect(badSender.error?.message).toMatch(/remetente/);
  });

  test("saving with a blank password keeps the stored one; a wrong new one fails the connection test with the reason; audit lines name the admin", async () => {
    const kept = await admin.mutate<Record<string, unknown>>("adminMail.config.saveServer", serverInput());
    expect(kept.status).toBe(200);
    expect(JSON.stringify(kept.data)).not.toContain("s3cret");
    const ok = await admin.mutate<{ ok: boolean; error: string | null }>("adminMail.config.test");
    expect(ok.data).toEqual({ ok: true, error: null });

    await admin.mutate("adminMail.config.saveServer", serverInput({ password: "senha-errada" }));
    const stored = await storedServer();
    expect(app.deps.secrets.decrypt(String(stored?.password))).toBe("senha-errada");
    const bad = await admin.mutate<{ ok: boolean; error: string | null }>("adminMail.config.test");
    expect(bad.data.ok).toBe(false);
    expect(bad.data.error).toMatch(/auth|535/i);
    const line = await lastAudit("admin.mail.server_saved");
    expect(line?.userId).toBe(adminId);
    expect(JSON.stringify(line)).not.toContain("senha-errada");
    const generic = await lastAudit("admin.adminMail.config.saveServer");
    expect(generic?.userId).toBe(adminId);
    expect(JSON.stringify(generic)).not.toContain("senha-errada");

    await admin.mutate("adminMail.config.saveServer", serverInput({ password: "s3cret-env" }));
    expect((await admin.mutate<{ ok: boolean }>("adminMail.config.test")).data.ok).toBe(true);
  });

  test("a new sender is the From of the next mail", async () => {
    const saved = await admin.mutate("adminMail.config.saveSender", { senderName: "Suporte Loja", senderEmail: "suporte@loja.test" });
    expect(saved.status).toBe(200);
    await admin.mutate("adminMail.templates.sendTest", { type: "password-changed", to: "remetente@exemplo.com.br" });
    expect(smtp.received.at(-1)?.from).toBe("suporte@loja.test");
    expect(bodyOf(-1)).toContain("Suporte Loja");
    expect((await lastAudit("admin.mail.sender_saved"))?.userId).toBe(adminId);
  });
});

describe("[admin-mail] templates", () => {
  test("every product mail is listed with its variables; an unknown template type is NOT_FOUND", async () => {
    const list = await admin.query<{ type: string; variables: string[]; customized: boolean }[]>("adminMail.templates.list");
    const types = list.data.map((t) => t.type);
    for (const t of ["verify-email", "reset-password", "workspace-invitation", "spend-cap-reached", "email-change", "password-changed", "account-suspended"]) expect(types).toContain(t);
    expect(list.data.find((t) => t.type === "reset-password")?.variables).toEqual(["firstName", "resetUrl"]);
    const missing = await admin.query("adminMail.templates.get", { type: "nao-existe" });
    expect(missing.error).toMatchObject({ code: "NOT_FOUND", message: "Modelo de email não encontrado" });
  });

  test("unknown {{variables}} are refused naming them; bad input is refused", async () => {
    const res = await admin.mutate("adminMail.templates.save", {
      type: "reset-password",
      subject: "Oi {{firstName}} {{senha}}",
      htmlContent: "<p>{{resetUrl}} {{cupom}}</p>",
      textContent: "{{resetUrl}}",
      isActive: true,
    });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe("Variáveis desconhecidas: {{senha}}, {{cupom}}. Use apenas as variáveis listadas para este modelo.");
    const empty = await admin.mutate("adminMail.templates.save", { type: "reset-password", subject: "", htmlContent: "", textContent: "", isActive: true });
    expect(empty.status).toBe(400);
    const badTo = await admin.mutate("adminMail.templates.sendTest", { type: "reset-password", to: "nao-e-email" });
    expect(badTo.error?.message).toContain("Email inválido");
    const draftUnknown = await admin.mutate("adminMail.templates.sendTest", {
      type: "reset-password",
      to: "teste@exemplo.com.br",
      draft: { subject: "{{x}}", htmlContent: "<p>a</p>", textContent: "a" },
    });
    expect(draftUnknown.error?.message).toContain("{{x}}");
    expect((await admin.query<{ customized: boolean }>("adminMail.templates.get", { type: "reset-password" })).data.customized).toBe(false);
  });

  test("an edited reset-password template is what forgot-password sends, with a working link; restoring brings the default back", async () => {
    const saved = await admin.mutate<{ customized: boolean; subject: string }>("adminMail.templates.save", {
      type: "reset-password",
      subject: "{{firstName}}, sua nova senha no {{productName}}",
      htmlContent: '<p>Olá {{firstName}}, <a href="{{resetUrl}}">troque aqui</a></p>',
      textContent: "Olá {{firstName}}! Link exclusivo: {{resetUrl}} — equipe {{productName}}",
      isActive: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.data.customized).toBe(true);
    const audit = await lastAudit("admin.mail.template_saved");
    expect(audit).toMatchObject({ userId: adminId, resourceId: "reset-password", category: "admin" });
    expect(audit?.newValues).toMatchObject({ subject: "{{firstName}}, sua nova senha no {{productName}}" });
    expect(audit?.oldValues).toMatchObject({ subject: "Redefinição de senha do {{productName}}" });

    const anon = await new Client(app.base).warmUp();
    const res = await anon.post("/api/v1/auth/forgot-password", { email: ownerUser.email });
    expect(res.status).toBe(200);
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual([ownerUser.email]);
    const body = bodyOf(-1);
    expect(body).toContain(`${ownerUser.firstName}, sua nova senha no Atenda`);
    expect(body).toContain("Link exclusivo:");
    const token = body.match(/https:\/\/atenda\.example\.com\.br\/reset-password\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const reset = await anon.post("/api/v1/auth/reset-password", { token, password: "nova-senha-456" });
    expect(reset.status).toBe(200);

    // Inactive: the product sends the default again, the edit is kept.
    await admin.mutate("adminMail.templates.save", { type: "reset-password", subject: "Inativo {{firstName}}", htmlContent: "<p>{{resetUrl}}</p>", textContent: "{{resetUrl}}", isActive: false });
    expect((await (await new Client(app.base).warmUp()).post("/api/v1/auth/forgot-password", { email: ownerUser.email })).status).toBe(200);
    expect(bodyOf(-1)).toContain("Redefini");
    expect(bodyOf(-1)).not.toContain("Inativo");

    const restored = await admin.mutate<{ customized: boolean; subject: string }>("adminMail.templates.restore", { type: "reset-password" });
    expect(restored.data).toMatchObject({ customized: false, subject: "Redefinição de senha do {{productName}}" });
    expect((await lastAudit("admin.mail.template_restored"))?.userId).toBe(adminId);
  });

  test("the sample render fills the variables with example data and escapes them in HTML", async () => {
    const res = await admin.query<{ subject: string; html: string; text: string }>("adminMail.templates.sample", { type: "workspace-invitation" });
    expect(res.data.subject).toBe("Convite para o workspace Loja Exemplo no Atenda");
    expect(res.data.text).toContain("Carla Souza convidou você");
    expect(res.data.html).toContain("https://atenda.exemplo.com.br/convite?token=exemplo");
    expect(res.data.text).not.toContain("{{");
  });
});

describe("[admin-mail] test sends and the outbox", () => {
  test("a test of the draft leaves through SMTP and is listed as sent; a refused send is listed as failed with its reason", async () => {
    const sent = await admin.mutate<{ status: string; error: string | null }>("adminMail.templates.sendTest", {
      type: "account-suspended",
      to: "Destino@Exemplo.com.br",
      draft: { subject: "Aviso {{firstName}}", htmlContent: "<p>Motivo: {{reason}}</p>", textContent: "Motivo: {{reason}}" },
    });
    expect(sent.data).toMatchObject({ status: "sent", error: null });
    expect(typeof (sent.data as { outboxId?: unknown }).outboxId).toBe("string");
    expect(smtp.received.at(-1)?.to).toEqual(["destino@exemplo.com.br"]);
    expect(bodyOf(-1)).toContain("[Teste] Aviso Carla");
    expect((await lastAudit("admin.mail.test_sent"))?.userId).toBe(adminId);

    smtp.state.failRcpt = true;
    try {
      const failed = await admin.mutate<{ status: string; error: string | null }>("adminMail.templates.sendTest", { type: "verify-email", to: "falha@exemplo.com.br" });
      expect(failed.data.status).toBe("failed");
      expect(failed.data.error).toContain("550");
    } finally {
      smtp.state.failRcpt = false;
    }
    const failedList = await admin.query<Outbox>("adminMail.outbox.list", { page: 1, pageSize: 20, status: "failed" });
    expect(failedList.data.items[0]).toMatchObject({ to: "falha@exemplo.com.br", status: "failed", template: "verify-email" });
    expect(failedList.data.items[0]?.error).toContain("550");
    expect(failedList.data.items.every((i) => i.status === "failed")).toBe(true);
    const byAddress = await admin.query<Outbox>("adminMail.outbox.list", { page: 1, pageSize: 20, to: "destino@exemplo.com.br" });
    expect(byAddress.data.items).toHaveLength(1);
    expect(byAddress.data.items[0]).toMatchObject({ status: "sent", subject: "[Teste] Aviso Carla" });
    const byTemplate = await admin.query<Outbox>("adminMail.outbox.list", { page: 1, pageSize: 5, template: "reset-password" });
    expect(byTemplate.data.items.length).toBeGreaterThan(0);
    expect(byTemplate.data.items.every((i) => i.template === "reset-password")).toBe(true);
    expect(JSON.stringify(byTemplate.data)).not.toContain("token=");
  });

  test("an inactive server keeps mails in the outbox as queued, and nothing reaches SMTP", async () => {
    await admin.mutate("adminMail.config.saveServer", serverInput({ isActive: false }));
    expect((await admin.query<{ configured: boolean }>("adminMail.config.get")).data.configured).toBe(false);
    const before = smtp.received.length;
    const res = await admin.mutate<{ status: string }>("adminMail.templates.sendTest", { type: "password-changed", to: "fila@exemplo.com.br" });
    expect(res.data.status).toBe("queued");
    expect(smtp.received.length).toBe(before);
    const list = await admin.query<Outbox>("adminMail.outbox.list", { page: 1, pageSize: 20, to: "fila@exemplo.com.br" });
    expect(list.data.items[0]?.status).toBe("queued");
    await admin.mutate("adminMail.config.saveServer", serverInput());
    expect((await admin.query<{ configured: boolean }>("adminMail.config.get")).data.configured).toBe(true);
  });

  test("bad outbox filters are refused", async () => {
    const res = await admin.query("adminMail.outbox.list", { page: 0, pageSize: 20 });
    expect(res.status).toBe(400);
    const status = await admin.query("adminMail.outbox.list", { page: 1, pageSize: 20, status: "lido" });
    expect(status.status).toBe(400);
  });
});

test("[admin-mail] a restart's env seeding never overwrites the admin's rows; the restored default still leaves through SMTP", async () => {
  await seedMailConfigFromEnv(app.deps);
  const anon = await new Client(app.base).warmUp();
  const res = await anon.post("/api/v1/auth/forgot-password", { email: ownerUser.email });
  expect(res.status).toBe(200);
  expect(bodyOf(-1)).toContain("Redefini");
  const rows = await app.deps.db.select().from(platformSettings).where(and(eq(platformSettings.key, "mail_sender")));
  expect(rows[0]?.value).toMatchObject({ senderEmail: "suporte@loja.test" });
});
