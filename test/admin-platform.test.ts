/**
 * adminPlatform.* (issue 17, item 8): the platform's own-server gateway (/admin/uazapi) and Meta
 * app (/admin/whatsapp-config) — admins only, pt-BR refusals of bad input, secrets encrypted and
 * never sent back, audit lines, "Testar conexão" against the UAZAPI and Graph fakes, a workspace
 * connecting through the gateway within its instance limit (and refused past it), the platform
 * webhook's verify token and app secret — and the system status figures, with /health's 503.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { channelConnections, jobs, platformSettings, userActivityLogs } from "../db/schema";
import { CHANNEL_OUTBOX_JOB } from "../src/channels/pipeline";
import { recordServerError } from "../src/lib/error-counter";
import { enqueueJob } from "../src/services/jobs";
import { startFakeUazapi } from "./fakes/uazapi";
import { startFakeGraph } from "./fakes/whatsapp-graph";
import { type AgentRow, ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client, must } from "./helpers/client";
import { insertAgent, loginAdmin } from "./helpers/factories";
import { eventually } from "./helpers/training";

const ADMIN_TOKEN = "token-admin-da-plataforma";
const APP_ID = "1234567890123";
const APP_SECRET = "segredo-do-app-da-meta";
const VERIFY_TOKEN = "verificar-plataforma-123";

let uaz: Awaited<ReturnType<typeof startFakeUazapi>>;
let graph: Awaited<ReturnType<typeof startFakeGraph>>;
let app: TestApp;
let admin: Client;
let adminId = "";
let owner: Client;
let ownerUserId = "";
let ownerEmail = "";
let workspaceId = "";
let agent: AgentRow;
const savedAllow = process.env.ATENDA_SAFE_FETCH_ALLOW;

beforeAll(async () => {
  uaz = await startFakeUazapi({ adminToken: ADMIN_TOKEN });
  graph = await startFakeGraph();
  graph.addApp(APP_ID, { secret: APP_SECRET, name: "Atenda Plataforma" });
  // safe-fetch refuses loopback; tests allow this one fake.
  process.env.ATENDA_SAFE_FETCH_ALLOW = new URL(uaz.url).host;
  app = await startTestApp({ WHATSAPP_GRAPH_BASE: graph.url });
  const a = await loginAdmin(app);
  admin = a.client;
  adminId = a.user.id;
  const o = await ownerWithAgent(app);
  owner = o.client;
  ownerUserId = o.user.id;
  ownerEmail = o.user.email;
  workspaceId = o.workspaceId;
  agent = o.agent;
});
afterAll(async () => {
  await app.stop();
  uaz.stop();
  graph.stop();
  if (savedAllow === undefined) delete process.env.ATENDA_SAFE_FETCH_ALLOW;
  else process.env.ATENDA_SAFE_FETCH_ALLOW = savedAllow;
});

const uazapiInput = (patch: Record<string, unknown> = {}) => ({ enabled: true, serverUrl: uaz.url, adminToken: ADMIN_TOKEN, instancesPerWorkspace: 1, ...patch });
const storedValue = async (key: "uazapi_platform" | "whatsapp_platform") =>
  (await app.deps.db.select().from(platformSettings).where(eq(platformSettings.key, key)))[0]?.value as Record<string, unknown> | undefined;
const auditLines = (action: string) => app.deps.db.select().from(userActivityLogs).where(eq(userActivityLogs.action, action));

describe("[admin-platform] access", () => {
  test("anonymous is UNAUTHORIZED and a workspace owner FORBIDDEN on every adminPlatform read and write", async () => {
    const anon = new Client(app.base);
    expect((await anon.trpc.adminPlatform.status.query()).error?.code).toBe("UNAUTHORIZED");
    expect((await owner.trpc.adminPlatform.status.query()).error).toMatchObject({ code: "FORBIDDEN", message: "Acesso restrito a administradores" });
    expect((await owner.trpc.adminPlatform.uazapi.get.query()).error?.code).toBe("FORBIDDEN");
    expect((await owner.trpc.adminPlatform.uazapi.save.mutate(uazapiInput())).error?.code).toBe("FORBIDDEN");
    expect((await owner.trpc.adminPlatform.whatsapp.save.mutate({ appId: APP_ID, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, graphVersion: "v21.0" })).error?.code).toBe(
      "FORBIDDEN",
    );
    expect((await owner.trpc.adminPlatform.uazapi.setWorkspaceLimit.mutate({ workspaceId, uazapiInstances: 50 })).error?.code).toBe("FORBIDDEN");
    // Nothing was written by the refused calls.
    expect(await storedValue("uazapi_platform")).toBeUndefined();
    expect(await storedValue("whatsapp_platform")).toBeUndefined();
  });
});

describe("[admin-platform] /admin/uazapi", () => {
  test("bad input is refused with the pt-BR message of the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [uazapiInput({ serverUrl: "nao-e-url" }), "URL do servidor inválida"],
      [uazapiInput({ instancesPerWorkspace: -1 }), "Use 0 ou mais instâncias"],
      [uazapiInput({ instancesPerWorkspace: 1.5 }), "Use um número inteiro"],
      [uazapiInput({ instancesPerWorkspace: 1001 }), "No máximo 1000 instâncias por workspace"],
      [uazapiInput({ adminToken: "tem espaço" }), "Admin token contém caracteres inválidos (sem espaços, acentos ou emojis)"],
      [uazapiInput({ adminToken: "" }), "Informe o admin token do servidor"],
    ];
    for (const [input, message] of cases) {
      const res = await admin.trpc.adminPlatform.uazapi.save.mutate(input as never);
      expect(res.error).toMatchObject({ code: "BAD_REQUEST", message });
    }
    expect(await storedValue("uazapi_platform")).toBeUndefined();
  });

  test("saved: the token is stored encrypted, never returned, kept when left empty; audit lines name the admin without the token", async () => {
    const saved = must((await admin.trpc.adminPlatform.uazapi.save.mutate(uazapiInput())).data);
    expect(saved).toMatchObject({ enabled: true, serverUrl: uaz.url, hasAdminToken: true, instancesPerWorkspace: 1 });
    expect(JSON.stringify(saved)).not.toContain(ADMIN_TOKEN);
    const raw = await storedValue("uazapi_platform");
    expect(typeof raw?.adminToken).toBe("string");
    expect(raw?.adminToken).not.toBe(ADMIN_TOKEN);
    expect(app.deps.secrets.decrypt(String(raw?.adminToken))).toBe(ADMIN_TOKEN);

    // Left empty, the stored token stays; the limit changes.
    const again = must((await admin.trpc.adminPlatform.uazapi.save.mutate(uazapiInput({ adminToken: "", instancesPerWorkspace: 1 }))).data);
    expect(again.hasAdminToken).toBe(true);
    expect((await storedValue("uazapi_platform"))?.adminToken).toBe(raw?.adminToken);
    const read = must((await admin.trpc.adminPlatform.uazapi.get.query()).data);
    expect(JSON.stringify(read)).not.toContain(ADMIN_TOKEN);

    const lines = await auditLines("admin.uazapi_platform.save");
    expect(lines.length).toBe(2);
    expect(lines.every((l) => l.userId === adminId && l.category === "admin")).toBe(true);
    const generic = await auditLines("admin.adminPlatform.uazapi.save");
    expect(generic.length).toBe(2);
    for (const l of [...lines, ...generic]) expect(JSON.stringify(l)).not.toContain(ADMIN_TOKEN);
    expect(lines[0]?.newValues).toMatchObject({ enabled: true, serverUrl: uaz.url });
  });

  test("Testar conexão lists the fake's instances with the admin token; a wrong token says so in pt-BR", async () => {
    const ok = must((await admin.trpc.adminPlatform.uazapi.test.mutate({})).data);
    expect(ok).toMatchObject({ ok: true, error: null });
    expect(uaz.calls.some((c) => c.path === "/instance/all" && c.headers.admintoken === ADMIN_TOKEN)).toBe(true);
    const bad = must((await admin.trpc.adminPlatform.uazapi.test.mutate({ adminToken: "token-errado" })).data);
    expect(bad).toEqual({ ok: false, instances: 0, connected: 0, error: "Admin token recusado pelo servidor UAZAPI" });
  });

  test("a workspace connects through the platform gateway within its limit, is refused beyond it, and an admin override raises it", async () => {
    const info = must((await owner.trpc.channels.uazapiPlatform.query()).data);
    expect(info).toEqual({ available: true, limit: 1, used: 0 });
    const inits = () => uaz.calls.filter((c) => c.path === "/instance/init").length;

    const first = must((await owner.trpc.channels.connectUazapiPlatform.mutate({ agentId: agent.id, instanceName: "loja-plataforma" })).data);
    expect(first).toMatchObject({ channel: "whatsapp_uaz", viaPlatform: true, serverUrl: null, instanceName: "loja-plataforma" });
    // The instance was created on the platform's server with the platform's admin token.
    const init = uaz.calls.filter((c) => c.path === "/instance/init").at(-1);
    expect(init?.headers.admintoken).toBe(ADMIN_TOKEN);
    expect(JSON.stringify(first)).not.toContain(ADMIN_TOKEN);
    expect(must((await owner.trpc.channels.uazapiPlatform.query()).data)).toEqual({ available: true, limit: 1, used: 1 });

    const second = await insertAgent(app, workspaceId, ownerUserId, "Segundo Agente");
    const before = inits();
    const refused = await owner.trpc.channels.connectUazapiPlatform.mutate({ agentId: second.id, instanceName: "loja-dois" });
    expect(refused.error).toMatchObject({
      code: "FORBIDDEN",
      message: "Este workspace já usa 1 de 1 instância do servidor da plataforma. Desconecte uma ou use o seu próprio servidor.",
    });
    expect(inits()).toBe(before);

    // The admin finds the workspace by its owner's e-mail and gives it 2.
    const rows = must((await admin.trpc.adminPlatform.uazapi.workspaces.query({ ownerEmail })).data);
    expect(rows).toEqual([expect.objectContaining({ id: workspaceId, override: null, limit: 1, used: 1 })]);
    expect((await admin.trpc.adminPlatform.uazapi.setWorkspaceLimit.mutate({ workspaceId, uazapiInstances: 2 })).ok).toBe(true);
    const [line] = await auditLines("admin.workspace.uazapi_instances");
    expect(line).toMatchObject({ userId: adminId, workspaceId, resourceId: workspaceId, oldValues: { uazapiInstances: null }, newValues: { uazapiInstances: 2 } });

    const ok = must((await owner.trpc.channels.connectUazapiPlatform.mutate({ agentId: second.id, instanceName: "loja-dois" })).data);
    expect(ok).toMatchObject({ channel: "whatsapp_uaz", viaPlatform: true });
    expect(must((await owner.trpc.channels.uazapiPlatform.query()).data)).toEqual({ available: true, limit: 2, used: 2 });

    // Limit 0: this workspace may not use the gateway at all.
    await admin.trpc.adminPlatform.uazapi.setWorkspaceLimit.mutate({ workspaceId, uazapiInstances: 0 });
    const zero = await owner.trpc.channels.connectUazapiPlatform.mutate({ agentId: second.id, instanceName: "loja-tres" });
    expect(zero.error?.message).toBe("Este workspace não pode usar o servidor da plataforma. Use o seu próprio servidor UAZAPI.");
    // Back to the default: the other overrides in the column are untouched.
    await admin.trpc.adminPlatform.uazapi.setWorkspaceLimit.mutate({ workspaceId, uazapiInstances: null });
    expect(must((await owner.trpc.channels.uazapiPlatform.query()).data).limit).toBe(1);
  });

  test("a gateway the admin switched off is not offered, and connecting through it is refused", async () => {
    await admin.trpc.adminPlatform.uazapi.save.mutate(uazapiInput({ enabled: false, adminToken: "" }));
    expect(must((await owner.trpc.channels.uazapiPlatform.query()).data)).toEqual({ available: false, limit: 0, used: 0 });
    const res = await owner.trpc.channels.connectUazapiPlatform.mutate({ agentId: agent.id, instanceName: "loja-desligada" });
    expect(res.error).toMatchObject({ code: "PRECONDITION_FAILED", message: "O servidor da plataforma não está disponível. Use o seu próprio servidor UAZAPI." });
    await admin.trpc.adminPlatform.uazapi.save.mutate(uazapiInput({ adminToken: "" }));
  });
});

describe("[admin-platform] /admin/whatsapp-config", () => {
  const input = (patch: Record<string, unknown> = {}) => ({ appId: APP_ID, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, graphVersion: "v21.0", ...patch });

  test("bad input: app id, verify token and Graph version", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [input({ appId: "abc" }), "App ID deve ter só dígitos (5 a 20)"],
      [input({ verifyToken: "curto" }), "O verify token deve ter pelo menos 8 caracteres"],
      [input({ graphVersion: "21" }), "Versão da Graph API inválida (ex.: v21.0)"],
      [input({ appSecret: "com espaço" }), "App secret contém caracteres inválidos (sem espaços, acentos ou emojis)"],
    ];
    for (const [body, message] of cases) expect((await admin.trpc.adminPlatform.whatsapp.save.mutate(body as never)).error).toMatchObject({ code: "BAD_REQUEST", message });
  });

  test("saved encrypted, never returned, audited; the Graph test reads the app with its app token; a wrong secret fails in pt-BR", async () => {
    const saved = must((await admin.trpc.adminPlatform.whatsapp.save.mutate(input())).data);
    expect(saved).toMatchObject({ appId: APP_ID, graphVersion: "v21.0", hasAppSecret: true, hasVerifyToken: true });
    expect(saved.webhookUrl).toEndWith("/webhooks/whatsapp");
    const body = JSON.stringify(must((await admin.trpc.adminPlatform.whatsapp.get.query()).data));
    expect(body).not.toContain(APP_SECRET);
    expect(body).not.toContain(VERIFY_TOKEN);
    const raw = await storedValue("whatsapp_platform");
    expect(raw?.appSecret).not.toBe(APP_SECRET);
    expect(app.deps.secrets.decrypt(String(raw?.appSecret))).toBe(APP_SECRET);
    const [line] = await auditLines("admin.whatsapp_platform.save");
    expect(line?.userId).toBe(adminId);
    expect(JSON.stringify(line)).not.toContain(APP_SECRET);

    expect(must((await admin.trpc.adminPlatform.whatsapp.test.mutate({})).data)).toEqual({ ok: true, appName: "Atenda Plataforma", error: null });
    await admin.trpc.adminPlatform.whatsapp.save.mutate(input({ appSecret: "segredo-errado", verifyToken: "" }));
    const bad = must((await admin.trpc.adminPlatform.whatsapp.test.mutate({})).data);
    expect(bad.ok).toBe(false);
    expect(bad.error).toStartWith("A Meta recusou:");
    await admin.trpc.adminPlatform.whatsapp.save.mutate(input());
  });

  test("the platform webhook: Meta's handshake with the platform verify token, and a delivery signed with the platform app secret", async () => {
    const hook = (token: string) => fetch(`${app.base}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=desafio-42`);
    const ok = await hook(VERIFY_TOKEN);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("desafio-42");
    expect((await hook("token-errado")).status).toBe(403);

    // A number connected with its own app secret still accepts the platform app's signature.
    const phoneNumberId = "5550009999";
    graph.addPhoneNumber(phoneNumberId, { accessToken: "EAAG-plataforma" });
    const connected = await owner.trpc.channels.connectWhatsApp.mutate({
      agentId: agent.id,
      config: { accessToken: "EAAG-plataforma", phoneNumberId, businessAccountId: "999", webhookVerifyToken: "token-do-numero", appSecret: "segredo-do-numero" },
    });
    must(connected.data);
    const raw = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [{ id: "999", changes: [{ field: "messages", value: { metadata: { phone_number_id: phoneNumberId }, contacts: [], messages: [], statuses: [] } }] }],
    });
    const post = (secret: string) =>
      fetch(`${app.base}/webhooks/whatsapp`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}` },
        body: raw,
      });
    expect((await post(APP_SECRET)).status).toBe(200);
    expect((await post("segredo-do-numero")).status).toBe(200);
    expect((await post("qualquer-outro")).status).toBe(401);
  });
});

describe("[admin-platform] /admin/status and /health", () => {
  test("the status figures are present and sane", async () => {
    recordServerError();
    await admin.trpc.adminPlatform.refreshStatus.mutate({});
    const s = must((await admin.trpc.adminPlatform.status.query()).data);
    expect(s.database?.bytes ?? 0).toBeGreaterThan(0);
    expect(s.database?.walBytes ?? -1).toBeGreaterThanOrEqual(0);
    expect(s.disk?.freeBytes ?? 0).toBeGreaterThan(0);
    expect(s.disk?.freeBytes ?? 0).toBeLessThanOrEqual(s.disk?.totalBytes ?? 0);
    expect(["idle", "running"]).toContain(s.worker.state);
    expect(s.worker.ok).toBe(true);
    expect(s.healthy).toBe(true);
    expect(s.errorsLastHour).toBeGreaterThanOrEqual(1);
    // Two own-server instances not paired (down), one WhatsApp Cloud number (up).
    const uazRow = s.channels.find((c) => c.channel === "whatsapp_uaz");
    expect(uazRow).toMatchObject({ total: 2, down: 2, up: 0 });
    expect(s.channels.find((c) => c.channel === "whatsapp_cloud")).toMatchObject({ total: 1, up: 1, down: 0 });
    for (const q of s.queue) expect(q.lagMs).toBeGreaterThanOrEqual(0);
  });

  test("a stuck queue: /health is 503 naming the job, and the status page shows the lag of its type", async () => {
    const late = await enqueueJob(app.deps.db, { type: CHANNEL_OUTBOX_JOB, data: { conversationId: "nao-existe-status" }, runAfter: Date.now() + 5 * 60_000 });
    const realNow = app.deps.now;
    // The server's clock reads 10 minutes ahead: the job is, for it, due 5 minutes ago and never claimed.
    app.deps.now = () => Date.now() + 10 * 60_000;
    try {
      const res = await fetch(`${app.base}/api/v1/health`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { status: string; checks: { jobQueue: { ok: boolean; jobId?: string; reason?: string } } };
      expect(body.checks.jobQueue).toMatchObject({ ok: false, reason: "waiting", jobId: late.id });
      await admin.trpc.adminPlatform.refreshStatus.mutate({});
      const s = must((await admin.trpc.adminPlatform.status.query()).data);
      expect(s.healthy).toBe(false);
      expect(s.queueCheck).toEqual({ ok: false, message: "Há tarefas esperando além do prazo: a fila está atrasada." });
      const row = s.queue.find((q) => q.type === CHANNEL_OUTBOX_JOB);
      expect(row?.due).toBeGreaterThanOrEqual(1);
      expect(row?.lagMs ?? 0).toBeGreaterThanOrEqual(4 * 60_000);
    } finally {
      app.deps.now = realNow;
      await app.deps.db.delete(jobs).where(eq(jobs.id, late.id));
    }
    // The job woke the lazy Worker: once it runs (or was idle), nothing is late any more.
    await eventually(async () => (await fetch(`${app.base}/api/v1/health`)).status === 200, 20_000);
  }, 40_000);

  test("the connections made through the gateway are marked viaPlatform in their stored config", async () => {
    const rows = await app.deps.db.select().from(channelConnections).where(and(eq(channelConnections.workspaceId, workspaceId), eq(channelConnections.channel, "whatsapp_uaz")));
    expect(rows.map((r) => (r.config as unknown as { viaPlatform?: boolean }).viaPlatform)).toEqual([true, true]);
  });
});
