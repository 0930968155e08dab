/**
 * "E-mail para a empresa" (issue 6): recipients and optional own SMTP (password encrypted, private
 * hosts refused), "Testar" through a loopback SMTP server, the tool `enviar_email_empresa` of the
 * real chat turn, the email intent using the same recipients, isolation and permissions.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { agentIntegrations, mailOutbox } from "../db/schema";
import { SMTP_SENT_LATE, sendWithConfig, smtpTransportOptions } from "../src/integrations/email/send";
import { RETYPE_SECRET } from "../src/integrations/store";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { type EmailIntegrationConfig, emailIntegrationInput } from "../src/schemas/email-integration";
import { startFakeOpenAi } from "./fakes/openai";
import { decodeQuotedPrintable, startFakeSmtp } from "./fakes/smtp";
import { chat } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { fundedOwner, modelCalls, offered, turnRequests } from "./helpers/tool-turns";
import { joinAs } from "./helpers/inbox";


// Several users, workspaces and chat turns per test: room for a loaded machine.
setDefaultTimeout(30_000);
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  smtp = await startFakeSmtp({ user: "loja@exemplo.com.br", password: "senha-smtp" });
  setSafeFetchTestAllowlist([`127.0.0.1:${smtp.port}`]);
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
});
afterAll(async () => {
  setSafeFetchTestAllowlist(null);
  await app.stop();
  fake.stop();
  smtp.stop();
});

const ownSmtp = (extra: Record<string, unknown> = {}) => ({
  recipients: ["vendas@exemplo.com.br", "Dono@Exemplo.com.br"],
  useOwnSmtp: true,
  smtpHost: "127.0.0.1",
  smtpPort: smtp.port,
  smtpSecure: false,
  smtpUser: "loja@exemplo.com.br",
  smtpPassword: "senha-smtp",
  smtpFrom: "loja@exemplo.com.br",
  ...extra,
});

describe("[email] contract", () => {
  test("pt-BR messages", () => {
    const issue = (v: unknown) => emailIntegrationInput.safeParse(v).error?.issues[0]?.message;
    expect(issue({ recipients: [] })).toBe("Informe pelo menos um destinatário");
    expect(issue({ recipients: ["a@b.com", "c@d.com", "e@f.com", "g@h.com", "i@j.com", "k@l.com"] })).toBe("No máximo 5 destinatários");
    expect(issue({ recipients: ["não é email"] })).toBe("E-mail inválido");
    expect(issue({ recipients: ["a@b.com", "A@b.com"] })).toBe("Destinatários repetidos");
    expect(issue({ recipients: ["a@b.com"], useOwnSmtp: true })).toBe("Informe o servidor SMTP");
    expect(issue({ recipients: ["a@b.com"], useOwnSmtp: true, smtpHost: "smtp.x.com", smtpPort: 70000, smtpFrom: "a@b.com" })).toBe("Porta inválida");
    expect(issue({ recipients: ["a@b.com"], useOwnSmtp: true, smtpHost: "smtp://x", smtpFrom: "a@b.com" })).toContain("Servidor SMTP inválido");
  });
});

describe("[email] own SMTP", () => {
  test("save encrypts the password; Testar sends through the SMTP with auth to every recipient; wrong password is a clear reason", async () => {
    const o = await fundedOwner(app);
    const saved = await o.client.trpc.emailIntegration.save.mutate({ agentId: o.agent.id, config: ownSmtp() });
    expect(saved.ok).toBe(true);
    expect(saved.data.config).toMatchObject({ hasSmtpPassword: true, recipients: ["vendas@exemplo.com.br", "dono@exemplo.com.br"] });
    expect(JSON.stringify(saved.data)).not.toContain("senha-smtp");
    const [row] = await app.deps.db.select().from(agentIntegrations).where(and(eq(agentIntegrations.agentId, o.agent.id), eq(agentIntegrations.kind, "email")));
    expect(JSON.stringify(row?.config)).not.toContain("senha-smtp");

    const from = smtp.received.length;
    const run = await o.client.trpc.emailIntegration.test.mutate({ agentId: o.agent.id });
    expect(run.data).toMatchObject({ ok: true, via: "smtp", error: null });
    const [mail] = smtp.received.slice(from);
    expect(mail?.auth).toBe("loja@exemplo.com.br");
    expect(mail?.from).toBe("loja@exemplo.com.br");
    expect(mail?.to).toEqual(["vendas@exemplo.com.br", "dono@exemplo.com.br"]);
    expect(decodeQuotedPrintable(mail?.data ?? "")).toContain("Este é um e-mail de teste do Atenda");

    // Blank password keeps the stored one; a wrong one is refused by the server.
    await o.client.trpc.emailIntegration.save.mutate({ agentId: o.agent.id, config: ownSmtp({ smtpPassword: "" }) });
    expect((await o.client.trpc.emailIntegration.test.mutate({ agentId: o.agent.id })).data.ok).toBe(true);
    await o.client.trpc.emailIntegration.save.mutate({ agentId: o.agent.id, config: ownSmtp({ smtpPassword: "errada" }) });
    expect((await o.client.trpc.emailIntegration.test.mutate({ agentId: o.agent.id })).data).toMatchObject({ ok: false, error: "O servidor SMTP recusou o usuário ou a senha" });
    const card = await o.client.trpc.emailIntegration.get.query({ agentId: o.agent.id });
    expect(card.data.integration?.testStatus).toBe("failed");
  });

  test("the stored password is never sent to a new SMTP host: changing it needs the password again", async () => {
    const o = await fundedOwner(app);
    expect((await o.client.trpc.emailIntegration.save.mutate({ agentId: o.agent.id, config: ownSmtp() })).ok).toBe(true);
    const moved = await o.client.trpc.emailIntegration.save.mutate({ agentId: o.agent.id, config: ownSmtp({ smtpHost: "smtp.outro-servidor.com.br", smtpPassword: "" }) });
    expect(moved.error?.message).toBe(RETYPE_SECRET);
    const port = await o.client.trpc.emailIntegration.save.mutate({ agentId: o.agent.id, config: ownSmtp({ smtpPort: 2525, smtpPassword: "" }) });
    expect(port.error?.message).toBe(RETYPE_SECRET);
    // Switching the own SMTP off with the password blank is fine: nothing is sent anywhere new.
    const off = await o.client.trpc.emailIntegration.save.mutate({ agentId: o.agent.id, config: { recipients: ["vendas@exemplo.com.br"], useOwnSmtp: false, smtpPassword: "" } });
    expect(off.ok).toBe(true);
  });

  test("a private or loopback SMTP host not allow-listed is refused when saved", async () => {
    const o = await fundedOwner(app);
    for (const host of ["10.0.0.5", "localhost", "192.168.1.10"]) {
      const res = await o.client.trpc.emailIntegration.save.mutate({ agentId: o.agent.id, config: ownSmtp({ smtpHost: host }) });
      expect(res.error?.message).toBe("Servidor SMTP não permitido: o endereço aponta para uma rede privada.");
    }
    const wrongPort = await o.client.trpc.emailIntegration.save.mutate({ agentId: o.agent.id, config: ownSmtp({ smtpPort: smtp.port + 1 }) });
    expect(wrongPort.error?.message).toContain("Servidor SMTP não permitido");
  });
});

describe("[email] transport safety", () => {
  test("a login never goes in clear: without SSL the server must offer STARTTLS (only an allow-listed test server is exempt)", () => {
    const cfg = { ...ownSmtp(), smtpHost: "smtp.exemplo.com.br", smtpPort: 587, smtpPassword: "x" } as unknown as EmailIntegrationConfig;
    expect(smtpTransportOptions(cfg, "203.0.113.7")).toMatchObject({ host: "203.0.113.7", requireTLS: true, tls: { servername: "smtp.exemplo.com.br" } });
    expect(smtpTransportOptions({ ...cfg, smtpSecure: true }, "203.0.113.7").requireTLS).toBe(false);
    expect(smtpTransportOptions({ ...cfg, smtpPort: smtp.port }, "127.0.0.1").requireTLS).toBe(false);
  });

  test("a send whose tool call already timed out sends nothing", async () => {
    const before = smtp.received.length;
    const cfg = { ...ownSmtp(), recipients: ["vendas@exemplo.com.br"] } as unknown as EmailIntegrationConfig;
    await expect(sendWithConfig(app.deps, cfg, { subject: "Tarde", text: "x", template: "t" }, AbortSignal.abort())).rejects.toThrow(SMTP_SENT_LATE);
    expect(smtp.received.length).toBe(before);
  });
});

describe("[email] the tool and the email intent", () => {
  test("enviar_email_empresa sends to the recipients through the own SMTP with the conversation details", async () => {
    const o = await fundedOwner(app);
    await o.client.trpc.emailIntegration.save.mutate({ agentId: o.agent.id, config: ownSmtp() });
    modelCalls(fake, "enviar_email_empresa", { assunto: "Orçamento de 50 pães", mensagem: "A cliente Bia quer 50 pães para sábado." });
    const requests = turnRequests(fake);
    const from = smtp.received.length;
    const res = await chat(app, o.agent.id, { message: "Preciso de 50 pães no sábado" });
    expect(offered(requests()[0]).find((t) => t.name === "enviar_email_empresa")?.parameters).toMatchObject({ required: ["assunto", "mensagem"] });
    expect(res.body.response).toContain('"enviado":true');
    const [mail] = smtp.received.slice(from);
    expect(mail?.to).toEqual(["vendas@exemplo.com.br", "dono@exemplo.com.br"]);
    const body = decodeQuotedPrintable(mail?.data ?? "");
    expect(body).toContain("A cliente Bia quer 50 p");
    expect(body).toContain("Mensagem do cliente: Preciso de 50 p");
    expect(body).toContain("Canal: web");
  });

  test("without own SMTP the platform mailer sends; the email intent uses the same recipients; disabled offers nothing", async () => {
    const o = await fundedOwner(app);
    await o.client.trpc.emailIntegration.save.mutate({ agentId: o.agent.id, config: { recipients: ["equipe@exemplo.com.br"] } });
    const intent = {
      name: "Falar com a loja",
      description: "Quando o cliente pede: Falar com a loja",
      examples: ["quero falar com a loja"],
      action: { type: "internal_tool" as const, internalTool: "email" as const },
      parameters: [{ name: "recado", type: "text" as const }],
    };
    expect((await o.client.trpc.agents.intents.create.mutate({ agentId: o.agent.id, intent })).ok).toBe(true);
    modelCalls(fake, "Falar_com_a_loja", { recado: "Quero orçamento de 50 pães" });
    const res = await chat(app, o.agent.id, { message: "avisa a loja" });
    expect(res.body.response).toBe('Resultado: {"enviado":true}');
    const mails = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.template, "intent-email"));
    const mine = mails.find((m) => m.toAddress === "equipe@exemplo.com.br");
    expect(mine?.subject).toContain("Falar com a loja");
    expect(app.deps.secrets.decrypt(mine?.text ?? "")).toContain("Quero orçamento de 50 pães");
    expect(mails.some((m) => m.toAddress === o.user.email)).toBe(false);

    modelCalls(fake, "enviar_email_empresa", { assunto: "Recado", mensagem: "Ligar para a Bia" });
    await chat(app, o.agent.id, { message: "manda um recado" });
    const toolMails = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.template, "agent-business-email"));
    expect(toolMails.some((m) => m.toAddress === "equipe@exemplo.com.br" && m.subject === "Recado")).toBe(true);

    await o.client.trpc.emailIntegration.save.mutate({ agentId: o.agent.id, config: { recipients: ["equipe@exemplo.com.br"], enabled: false } });
    fake.settings.reply = () => ({ content: "ok" });
    const requests = turnRequests(fake);
    await chat(app, o.agent.id, { message: `algo ${Date.now()}` });
    expect(offered(requests()[0]).map((t) => t.name)).not.toContain("enviar_email_empresa");
  });

  test("another workspace gets 404; a member without canEditAgents cannot save or test", async () => {
    const a = await fundedOwner(app);
    const b = await fundedOwner(app);
    await a.client.trpc.emailIntegration.save.mutate({ agentId: a.agent.id, config: { recipients: ["a@exemplo.com.br"] } });
    for (const res of await Promise.all([
      b.client.trpc.emailIntegration.get.query({ agentId: a.agent.id }),
      b.client.trpc.emailIntegration.save.mutate({ agentId: a.agent.id, config: { recipients: ["x@exemplo.com.br"] } }),
      b.client.trpc.emailIntegration.test.mutate({ agentId: a.agent.id }),
      b.client.trpc.emailIntegration.remove.mutate({ agentId: a.agent.id }),
    ]))
      expect(res.error?.httpStatus).toBe(404);
    const member = await joinAs(app, a.client, "member");
    for (const res of [
      await member.client.trpc.emailIntegration.save.mutate({ agentId: a.agent.id, config: { recipients: ["x@exemplo.com.br"] } }),
      await member.client.trpc.emailIntegration.test.mutate({ agentId: a.agent.id }),
      await member.client.trpc.emailIntegration.remove.mutate({ agentId: a.agent.id }),
    ])
      expect(res.error?.httpStatus).toBe(403);
    expect((await a.client.trpc.emailIntegration.remove.mutate({ agentId: a.agent.id })).ok).toBe(true);
  });
});
