/**
 * Google Calendar (issue 6, SPEC §3, protocols.md §8) against a loopback Google: the admin's OAuth
 * client, the authorization-code flow through the REST callback (state single use, expiring,
 * bound to the user), token refresh (expiry and 401), invalid_grant → reconnect, 429 backoff,
 * calendar list, the four tools (freeBusy, insert with Meet, patch, delete) with the event log,
 * one tool call end to end through the fake OpenAI, and the permission / tenant refusals.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { agentIntegrations, agents, calendarEvents, platformSettings } from "../db/schema";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import type { AgentTool } from "../src/runtime/tools";
import { DEFAULT_DAYS, callbackErrorMessage } from "../src/schemas/google-calendar";
import { type ChatBody, startFakeOpenAi } from "./fakes/openai";
import { startFakeGoogle } from "./fakes/google-calendar";
import { chat, ownerWithAgent, setWallet } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { loginAdmin, registerUser } from "./helpers/factories";
import { inviteMember } from "./helpers/training";

let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let app: TestApp;
let admin: Client;
/** Loaded after the app: importing the provider first would enter the runtime's import cycle from the wrong end. */
let calendarTools: typeof import("../src/integrations/google-calendar/provider").calendarTools;
const ENV_KEYS = ["GOOGLE_OAUTH_AUTHORIZE_URL", "GOOGLE_OAUTH_TOKEN_URL", "GOOGLE_OAUTH_REVOKE_URL", "GOOGLE_CALENDAR_API_BASE"] as const;

beforeAll(async () => {
  google = await startFakeGoogle();
  fake = await startFakeOpenAi();
  Object.assign(process.env, google.env);
  setSafeFetchTestAllowlist([google.host]);
  app = await startTestApp({ OPENAI_API_KEY: "sk-teste", OPENAI_BASE_URL: fake.url });
  calendarTools = (await import("../src/integrations/google-calendar/provider")).calendarTools;
  admin = (await loginAdmin(app)).client;
  const saved = await admin.trpc.calendar.admin.save.mutate({ ...google.settings.client, redirectUri: "" });
  if (!saved.ok) throw new Error(JSON.stringify(saved.error));
});
afterAll(async () => {
  setSafeFetchTestAllowlist(null);
  for (const k of ENV_KEYS) delete process.env[k];
  await app.stop();
  fake.stop();
  google.stop();
});

/** Open every day, all day: the tests pass whatever the clock says. */
const ALWAYS_OPEN = DEFAULT_DAYS.map(() => [{ start: "00:00", end: "24:00" }]);
const openSettings = (over: Record<string, unknown> = {}) => ({
  calendarId: "primary",
  calendarName: "ana@exemplo.com.br",
  scheduleConfig: { enabled: true, intervalMinutes: 30, maxAdvanceDays: 30, minAdvanceHours: 1, days: ALWAYS_OPEN },
  ...over,
});

async function must<T>(p: Promise<{ ok: boolean; data: T; error: unknown }>): Promise<T> {
  const res = await p;
  if (!res.ok) throw new Error(`tRPC failed: ${JSON.stringify(res.error)}`);
  return res.data;
}
const view = (c: Client, agentId: string) => must(c.trpc.calendar.get.query({ agentId }));

const owner = async () => {
  const o = await ownerWithAgent(app);
  await setWallet(app, o.workspaceId, { regular: 100_000 });
  return o;
};

/** Runs the whole consent flow: connect → fake consent screen → the app's callback (as the user's browser). */
async function connect(client: Client, agentId: string, as: Client = client) {
  const { url } = await must(client.trpc.calendar.connect.mutate({ agentId }));
  const consent = await fetch(url, { redirect: "manual" });
  const back = new URL(consent.headers.get("location") ?? "");
  const res = await as.get(back.pathname + back.search);
  return { url: new URL(url), back, res, location: res.headers.get("location") ?? "" };
}

async function connectedOwner(settings: Record<string, unknown> = openSettings()) {
  const o = await owner();
  const { location } = await connect(o.client, o.agent.id);
  expect(location).toContain("googleCalendar=conectado");
  await must(o.client.trpc.calendar.save.mutate({ agentId: o.agent.id, settings }));
  return o;
}

async function row(agentId: string) {
  const [r] = await app.deps.db.select().from(agentIntegrations).where(and(eq(agentIntegrations.agentId, agentId), eq(agentIntegrations.kind, "google_calendar")));
  if (!r) throw new Error("no calendar row");
  return r;
}
async function agentRow(agentId: string) {
  const [a] = await app.deps.db.select().from(agents).where(eq(agents.id, agentId));
  if (!a) throw new Error("no agent");
  return a;
}
const turn = (over: Partial<Parameters<typeof calendarTools>[2]> = {}) => ({
  conversationId: null,
  channel: "test",
  customer: { name: null, phone: null, email: null },
  text: "quero agendar",
  ...over,
});
async function toolsOf(agentId: string, over: Partial<Parameters<typeof calendarTools>[2]> = {}) {
  const list = await calendarTools(app.deps, await agentRow(agentId), turn(over));
  const byName = Object.fromEntries(list.map((t) => [t.name, t])) as Record<string, AgentTool>;
  const run = async (name: string, args: Record<string, unknown>) => {
    const tool = byName[name];
    if (!tool) throw new Error(`tool ${name} not offered`);
    return (await tool.run(args, new AbortController().signal)).data as Record<string, unknown>;
  };
  return { names: list.map((t) => t.name), run, byName };
}
/** The pt-BR reason the callback put in the redirect (?motivo=). */
const reason = (location: string | null | undefined) => callbackErrorMessage(new URL(location ?? "", "http://app").searchParams.get("motivo"));
const logOf = (agentId: string) => app.deps.db.select().from(calendarEvents).where(eq(calendarEvents.agentId, agentId));

describe("[google calendar] admin OAuth client", () => {
  test("admin-only; the secret is encrypted, never returned, kept when left blank; Testar checks it at Google", async () => {
    const user = await registerUser(app);
    for (const res of [await user.client.trpc.calendar.admin.get.query(), await user.client.trpc.calendar.admin.save.mutate({ clientId: "x".repeat(20), clientSecret: "s" }), await user.client.trpc.calendar.admin.test.mutate()]) {
      expect(res.error?.httpStatus).toBe(403);
    }
    const got = await must(admin.trpc.calendar.admin.get.query());
    expect(got.value).toMatchObject({ clientId: google.settings.client.clientId, hasClientSecret: true });
    expect(JSON.stringify(got)).not.toContain(google.settings.client.clientSecret);
    expect(got.defaultRedirectUri).toMatch(/\/api\/v1\/integrations\/google-calendar\/callback$/);
    const [stored] = await app.deps.db.select().from(platformSettings).where(eq(platformSettings.key, "google_calendar"));
    expect(JSON.stringify(stored?.value)).not.toContain(google.settings.client.clientSecret);

    const bad = await admin.trpc.calendar.admin.save.mutate({ clientId: "curto", clientSecret: "" });
    expect(bad.error?.message).toBe("ID do cliente inválido");
    const badUri = await admin.trpc.calendar.admin.save.mutate({ clientId: google.settings.client.clientId, redirectUri: "nao-e-url" });
    expect(badUri.error?.message).toBe("URI de redirecionamento inválida");

    const ok = await must(admin.trpc.calendar.admin.test.mutate());
    expect(ok).toEqual({ ok: true, message: "Credenciais OAuth aceitas pelo Google." });
    const probe = google.tokenRequests().at(-1);
    expect(probe?.form).toMatchObject({ grant_type: "authorization_code", client_id: google.settings.client.clientId, client_secret: google.settings.client.clientSecret });

    // A blank secret keeps the stored one; a wrong one is reported in pt-BR.
    await must(admin.trpc.calendar.admin.save.mutate({ clientId: google.settings.client.clientId, clientSecret: "" }));
    expect((await must(admin.trpc.calendar.admin.test.mutate())).ok).toBe(true);
    await must(admin.trpc.calendar.admin.save.mutate({ clientId: google.settings.client.clientId, clientSecret: "errado" }));
    const wrong = await must(admin.trpc.calendar.admin.test.mutate());
    expect(wrong).toEqual({ ok: false, message: "ID do cliente ou chave secreta do cliente do Google inválidos (Client ID/Client secret). Confira as credenciais OAuth." });
    await must(admin.trpc.calendar.admin.save.mutate({ ...google.settings.client }));
  });
});

describe("[google calendar] OAuth connection", () => {
  test("authorize URL, callback, code exchange on the wire, tokens encrypted and never returned", async () => {
    const o = await owner();
    const before = await view(o.client, o.agent.id);
    expect(before).toMatchObject({ platformConfigured: true, status: "not_connected", hasRefreshToken: false });
    expect(before.settings).toMatchObject({ defaultDuration: 30, maxTimeSuggestions: 5, timezone: "America/Sao_Paulo" });

    const flow = await connect(o.client, o.agent.id);
    const q = Object.fromEntries(flow.url.searchParams);
    expect(flow.url.pathname).toBe("/o/oauth2/v2/auth");
    expect(q).toMatchObject({
      client_id: google.settings.client.clientId,
      response_type: "code",
      // Least privilege (protocols.md §8.1): never the full auth/calendar scope.
      scope: [
        "https://www.googleapis.com/auth/calendar.events",
        "https://www.googleapis.com/auth/calendar.freebusy",
        "https://www.googleapis.com/auth/calendar.calendarlist.readonly",
      ].join(" "),
      access_type: "offline",
      prompt: "consent",
    });
    expect(q.redirect_uri).toMatch(/\/api\/v1\/integrations\/google-calendar\/callback$/);
    expect(q.state?.length).toBeGreaterThan(40);
    expect(flow.res.status).toBe(302);
    expect(flow.location).toBe(`/agent/${o.agent.id}?googleCalendar=conectado#integracoes`);

    const exchange = google.tokenRequests().at(-1);
    expect(exchange?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(exchange?.form).toEqual({
      grant_type: "authorization_code",
      code: flow.back.searchParams.get("code") ?? "",
      client_id: google.settings.client.clientId,
      client_secret: google.settings.client.clientSecret,
      redirect_uri: q.redirect_uri ?? "",
    });

    const r = await row(o.agent.id);
    expect(r.status).toBe("connected");
    const stored = JSON.stringify(r.config);
    expect(stored).not.toContain("ya29.");
    expect(stored).not.toContain("1//refresh");
    expect(app.deps.secrets.decrypt(String(r.config.refreshToken))).toMatch(/^1\/\/refresh-/);
    const after = await view(o.client, o.agent.id);
    expect(after).toMatchObject({ status: "connected", hasAccessToken: true, hasRefreshToken: true, settings: { calendarId: "primary" } });
    expect(JSON.stringify(after)).not.toMatch(/ya29|1\/\/refresh|oauthState/);

    // The same state a second time (replay) is refused.
    const replay = await o.client.get(flow.back.pathname + flow.back.search);
    expect(replay.headers.get("location")).toBe(`/agent/${o.agent.id}?googleCalendar=erro&motivo=invalid_state#integracoes`);
    expect(reason(replay.headers.get("location"))).toBe("Pedido de conexão inválido ou já usado. Tente conectar de novo.");
  });

  test("simultaneous callbacks with the same state: one code exchange, the others refused", async () => {
    const o = await owner();
    const { completeConnect } = await import("../src/services/google-calendar");
    const consent = async () => {
      const { url } = await must(o.client.trpc.calendar.connect.mutate({ agentId: o.agent.id }));
      const res = await fetch(url, { redirect: "manual" });
      return new URL(res.headers.get("location") ?? "");
    };

    // In one process: both calls read the pending state before either writes it.
    const back = await consent();
    const pending = (await row(o.agent.id)).config.oauthState as { userId: string };
    const q = { code: back.searchParams.get("code"), state: back.searchParams.get("state"), error: null, sessionUserId: pending.userId };
    let exchanges = google.tokenRequests().length;
    const outcomes = await Promise.all([completeConnect(app.deps, q), completeConnect(app.deps, q)]);
    expect(google.tokenRequests().length).toBe(exchanges + 1);
    expect(outcomes.map((x) => x.ok).sort()).toEqual([false, true]);
    expect(outcomes.find((x) => !x.ok)).toEqual({ agentId: o.agent.id, ok: false, code: "invalid_state" });

    // Through the REST callback: several browsers at once with the same link.
    const again = await consent();
    exchanges = google.tokenRequests().length;
    const answers = await Promise.all(Array.from({ length: 4 }, () => o.client.get(again.pathname + again.search)));
    expect(google.tokenRequests().length).toBe(exchanges + 1);
    expect(answers.map((r) => r.status)).toEqual([302, 302, 302, 302]);
    expect(answers.map((r) => r.headers.get("location")).sort()).toEqual([
      `/agent/${o.agent.id}?googleCalendar=conectado#integracoes`,
      ...Array(3).fill(`/agent/${o.agent.id}?googleCalendar=erro&motivo=invalid_state#integracoes`),
    ]);
    expect((await row(o.agent.id)).status).toBe("connected");
  });

  test("the callback never answers an error page: failures come back as a redirect with a reason", async () => {
    const o = await owner();
    const callback = async (prepare: () => Promise<void> | void) => {
      const { url } = await must(o.client.trpc.calendar.connect.mutate({ agentId: o.agent.id }));
      const consent = await fetch(url, { redirect: "manual" });
      const back = new URL(consent.headers.get("location") ?? "");
      await prepare();
      const res = await o.client.get(back.pathname + back.search);
      expect(res.status).toBe(302);
      return res.headers.get("location");
    };
    const failedAt = (motivo: string) => `/agent/${o.agent.id}?googleCalendar=erro&motivo=${motivo}#integracoes`;

    // An unexpected exception (the platform's stored secret cannot be decrypted) → logged, "failed".
    const [setting] = await app.deps.db.select().from(platformSettings).where(eq(platformSettings.key, "google_calendar"));
    if (!setting) throw new Error("no platform setting");
    const corrupt = () => app.deps.db.update(platformSettings).set({ value: { ...setting.value, clientSecret: "corrompido" } }).where(eq(platformSettings.key, "google_calendar")).then(() => {});
    let broken: string | null;
    try {
      broken = await callback(corrupt);
    } finally {
      await app.deps.db.update(platformSettings).set({ value: setting.value }).where(eq(platformSettings.key, "google_calendar"));
    }
    expect(broken).toBe(failedAt("failed"));
    expect(reason(broken)).toBe("Não foi possível concluir a conexão com o Google. Tente de novo.");

    // The token endpoint answering an HTML 500 page, plain garbage, or junk-typed JSON.
    try {
      google.settings.tokenAnswer = { status: 500, body: "<html><body>Erro interno</body></html>" };
      expect(await callback(() => {})).toBe(failedAt("unavailable"));
      google.settings.tokenAnswer = { status: 200, body: "isto não é json" };
      expect(await callback(() => {})).toBe(failedAt("failed"));
      google.settings.tokenAnswer = { status: 200, body: JSON.stringify({ access_token: "ya29.lixo", refresh_token: { x: 1 }, expires_in: "muito" }), contentType: "application/json" };
      expect(await callback(() => {})).toBe(failedAt("no_refresh_token"));
    } finally {
      google.settings.tokenAnswer = null;
    }
    const r = await row(o.agent.id);
    expect(r.status).toBe("not_connected");
    expect(r.config.refreshToken).toBeUndefined();
    // And it still connects afterwards.
    expect((await connect(o.client, o.agent.id)).location).toBe(`/agent/${o.agent.id}?googleCalendar=conectado#integracoes`);
  });

  test("state bound to the user, expiring; denied consent; unknown state", async () => {
    const o = await owner();
    const other = await registerUser(app);
    const stolen = await connect(o.client, o.agent.id, other.client);
    expect(reason(stolen.location)).toContain("Entre com a mesma conta que iniciou a conexão");
    expect((await row(o.agent.id)).status).toBe("not_connected");

    const { url } = await must(o.client.trpc.calendar.connect.mutate({ agentId: o.agent.id }));
    const r = await row(o.agent.id);
    const state = r.config.oauthState as { expiresAt: number };
    await app.deps.db.update(agentIntegrations).set({ config: { ...r.config, oauthState: { ...state, expiresAt: Date.now() - 1 } } }).where(eq(agentIntegrations.id, r.id));
    const consent = await fetch(url, { redirect: "manual" });
    const back = new URL(consent.headers.get("location") ?? "");
    const expired = await o.client.get(back.pathname + back.search);
    expect(reason(expired.headers.get("location") ?? "")).toContain("O pedido de conexão expirou");

    google.settings.deny = true;
    const denied = await connect(o.client, o.agent.id);
    google.settings.deny = false;
    expect(reason(denied.location)).toContain("Você não autorizou o acesso à Google Agenda");

    // The code exchange refused by Google (the platform's secret was rotated there).
    google.settings.client.clientSecret = "rotacionado";
    const refused = await connect(o.client, o.agent.id);
    google.settings.client.clientSecret = "segredo-oauth-123";
    expect(reason(refused.location)).toBe("As credenciais OAuth da plataforma foram recusadas pelo Google. Avise o administrador.");
    // Only a known code reaches the screen: anything else reads as the generic failure.
    expect(callbackErrorMessage("<b>clique aqui</b>")).toBe("Não foi possível concluir a conexão com o Google. Tente de novo.");

    const forged = await o.client.get(`/api/v1/integrations/google-calendar/callback?code=x&state=${encodeURIComponent(`${r.id}.forjado`)}`);
    expect(reason(forged.headers.get("location") ?? "")).toContain("Pedido de conexão inválido");
    const junk = await o.client.get("/api/v1/integrations/google-calendar/callback?code=x&state=lixo");
    expect(junk.headers.get("location")).toStartWith("/agents?googleCalendar=erro");
    expect((await row(o.agent.id)).status).toBe("not_connected");
  });

  test("calendar list, refresh on expiry and on 401, invalid_grant → reconnect, 429 backoff", async () => {
    const o = await connectedOwner();
    const list = await must(o.client.trpc.calendar.calendars.query({ agentId: o.agent.id }));
    expect(list.map((c) => c.name)).toEqual(["ana@exemplo.com.br", "Vendas"]);
    const listCall = google.calendarCalls().at(-1);
    expect(listCall).toMatchObject({ method: "GET", path: "/calendar/v3/users/me/calendarList", query: { minAccessRole: "writer" } });
    expect(listCall?.headers.authorization).toMatch(/^Bearer ya29\.acesso-/);

    // Expired locally: refreshed before the call.
    const r = await row(o.agent.id);
    await app.deps.db.update(agentIntegrations).set({ config: { ...r.config, tokenExpiresAt: Date.now() - 1000 } }).where(eq(agentIntegrations.id, r.id));
    const tokensBefore = google.tokenRequests().length;
    await must(o.client.trpc.calendar.calendars.query({ agentId: o.agent.id }));
    const refresh = google.tokenRequests().at(-1);
    expect(google.tokenRequests().length).toBe(tokensBefore + 1);
    expect(refresh?.form).toEqual({
      grant_type: "refresh_token",
      refresh_token: app.deps.secrets.decrypt(String(r.config.refreshToken)),
      client_id: google.settings.client.clientId,
      client_secret: google.settings.client.clientSecret,
    });

    // Google says 401 (token revoked early): refresh once and retry.
    google.expireAccessTokens();
    const calls = google.calendarCalls().length;
    await must(o.client.trpc.calendar.calendars.query({ agentId: o.agent.id }));
    expect(google.tokenRequests().length).toBe(tokensBefore + 2);
    expect(google.calendarCalls().length - calls).toBe(2);

    // 429 twice then OK: retried; three times: the pt-BR reason.
    google.failNext({ status: 429, reason: "rateLimitExceeded", retryAfter: "0" }, { status: 429, reason: "rateLimitExceeded", retryAfter: "0" });
    expect((await o.client.trpc.calendar.calendars.query({ agentId: o.agent.id })).ok).toBe(true);
    google.failNext(...[1, 2, 3].map(() => ({ status: 429, reason: "rateLimitExceeded", retryAfter: "0" })));
    const limited = await o.client.trpc.calendar.calendars.query({ agentId: o.agent.id });
    expect(limited.error).toMatchObject({ httpStatus: 429, message: "A Google Agenda limitou as requisições. Tente novamente em instantes." });
    google.failNext({ status: 403, reason: "forbidden" });
    expect((await o.client.trpc.calendar.test.mutate({ agentId: o.agent.id })).data).toEqual({
      ok: false,
      message: "Sem permissão para acessar esta agenda do Google.",
    });
    expect((await must(o.client.trpc.calendar.test.mutate({ agentId: o.agent.id }))).ok).toBe(true);

    // Refresh token revoked: invalid_grant marks the agent "Reconecte a Google Agenda" and takes the tools away.
    expect((await toolsOf(o.agent.id)).names).toHaveLength(4);
    google.revokeRefreshTokens();
    google.expireAccessTokens();
    const gone = await o.client.trpc.calendar.calendars.query({ agentId: o.agent.id });
    expect(gone.error?.message).toContain("Reconecte a Google Agenda");
    const v = await view(o.client, o.agent.id);
    expect(v).toMatchObject({ status: "reconnect_required", message: "Reconecte a Google Agenda: o acesso foi revogado ou expirou." });
    expect((await toolsOf(o.agent.id)).names).toEqual([]);
    // Reconnecting fixes it.
    await connect(o.client, o.agent.id);
    expect((await view(o.client, o.agent.id)).status).toBe("connected");
    expect((await toolsOf(o.agent.id)).names).toHaveLength(4);
  });

  test("disconnect revokes at Google, forgets the tokens and keeps the settings", async () => {
    const o = await connectedOwner(openSettings({ defaultSubject: "Consulta" }));
    const refresh = app.deps.secrets.decrypt(String((await row(o.agent.id)).config.refreshToken));
    const after = await must(o.client.trpc.calendar.disconnect.mutate({ agentId: o.agent.id }));
    expect(after).toMatchObject({ status: "not_connected", hasAccessToken: false, hasRefreshToken: false, settings: { defaultSubject: "Consulta" } });
    expect(google.revoked).toContain(refresh);
    expect((await row(o.agent.id)).config.refreshToken).toBeUndefined();
    expect((await toolsOf(o.agent.id)).names).toEqual([]);
    expect((await o.client.trpc.calendar.calendars.query({ agentId: o.agent.id })).error?.message).toBe("Conecte a Google Agenda deste agente primeiro.");
  });
});

describe("[google calendar] settings", () => {
  test("SPEC defaults, pt-BR validation through tRPC, saved values round-trip", async () => {
    const o = await owner();
    const bad = await o.client.trpc.calendar.save.mutate({ agentId: o.agent.id, settings: { scheduleConfig: { intervalMinutes: 1 } } });
    expect(bad.error?.message).toBe("O intervalo deve ser de pelo menos 5 minutos");
    const tz = await o.client.trpc.calendar.save.mutate({ agentId: o.agent.id, settings: { timezone: "Marte/Olimpo" } });
    expect(tz.error?.message).toBe("Fuso horário inválido");
    const saved = await must(o.client.trpc.calendar.save.mutate({ agentId: o.agent.id, settings: { defaultDuration: 45, scheduleOnlyRoundHours: true, enabled: false } }));
    expect(saved.settings).toMatchObject({
      defaultDuration: 45,
      scheduleOnlyRoundHours: true,
      enabled: false,
      defaultSubject: "Agendamento",
      maxTimeSuggestions: 5,
      timezone: "America/Sao_Paulo",
      scheduleConfig: { intervalMinutes: 30, maxAdvanceDays: 30, minAdvanceHours: 2, days: DEFAULT_DAYS },
    });
    expect(saved.status).toBe("not_connected");
  });
});

describe("[google calendar] tools", () => {
  test("availability, booking with Meet, refusal of a taken slot, reschedule, cancel — all in the event log", async () => {
    const o = await connectedOwner();
    const conversationId = crypto.randomUUID();
    const t = await toolsOf(o.agent.id, { conversationId, customer: { name: "Bia", phone: "+55 11 91234-5678", email: null } });
    expect(t.names).toEqual(["ver_horarios_disponiveis", "agendar_horario", "remarcar_horario", "cancelar_horario"]);

    const slots = (await t.run("ver_horarios_disponiveis", {})) as { horarios: { inicio: string; descricao: string }[]; fuso_horario: string };
    expect(slots.fuso_horario).toBe("America/Sao_Paulo");
    expect(slots.horarios).toHaveLength(5);
    expect(slots.horarios[0]?.inicio).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:(00|30):00-03:00$/);
    expect(slots.horarios[0]?.descricao).toMatch(/feira|sábado|domingo/);
    // At least 1 h ahead (minAdvanceHours 1).
    expect(Date.parse(slots.horarios[0]?.inicio ?? "")).toBeGreaterThanOrEqual(Date.now() + 3_600_000 - 5_000);
    const fb = google.calendarCalls().at(-1);
    expect(fb).toMatchObject({ method: "POST", path: "/calendar/v3/freeBusy", body: { timeZone: "America/Sao_Paulo", items: [{ id: "primary" }] } });
    expect((fb?.body as { timeMin?: string } | undefined)?.timeMin).toMatch(/-03:00$/);

    const missingEmail = t.run("agendar_horario", { inicio: slots.horarios[0]?.inicio, nome: "Bia" });
    await expect(missingEmail).rejects.toThrow("Pergunte o e-mail do cliente");
    const start = slots.horarios[1]?.inicio ?? "";
    const booked = await t.run("agendar_horario", { inicio: start, nome: "Bia", email: "Bia@Exemplo.com.br", assunto: "Consulta" });
    expect(booked).toMatchObject({ status: "agendado", inicio: start, link_meet: expect.stringMatching(/^https:\/\/meet\.google\.com\//), convidado: "bia@exemplo.com.br" });
    const insert = google.calendarCalls().at(-1);
    expect(insert).toMatchObject({
      method: "POST",
      path: "/calendar/v3/calendars/primary/events",
      query: { conferenceDataVersion: "1", sendUpdates: "all" },
      body: {
        summary: "Consulta - Bia",
        start: { dateTime: start, timeZone: "America/Sao_Paulo" },
        attendees: [{ email: "bia@exemplo.com.br", displayName: "Bia" }],
        conferenceData: { createRequest: { conferenceSolutionKey: { type: "hangoutsMeet" } } },
      },
    });
    expect((insert?.body as { description?: string } | undefined)?.description).toContain("Telefone: +55 11 91234-5678");
    expect(insert?.headers["content-type"]).toBe("application/json");

    // The same slot again: no longer free, refused before any insert.
    const inserts = google.calendarCalls().filter((c) => c.method === "POST" && c.path.endsWith("/events")).length;
    await expect(t.run("agendar_horario", { inicio: start, nome: "Caio", email: "caio@exemplo.com.br" })).rejects.toThrow("Esse horário não está mais livre.");
    // Off the grid (xx:10) and in the past are refused too.
    await expect(t.run("agendar_horario", { inicio: start.replace(/:(00|30):00/, ":10:00"), nome: "Caio", email: "caio@exemplo.com.br" })).rejects.toThrow("fora do horário de atendimento");
    await expect(t.run("agendar_horario", { inicio: "2020-01-06T10:00:00-03:00", nome: "Caio", email: "caio@exemplo.com.br" })).rejects.toThrow("Esse horário já passou.");
    expect(google.calendarCalls().filter((c) => c.method === "POST" && c.path.endsWith("/events")).length).toBe(inserts);

    const newStart = slots.horarios[3]?.inicio ?? "";
    const moved = await t.run("remarcar_horario", { evento_id: booked.evento_id, novo_inicio: newStart });
    expect(moved).toMatchObject({ status: "remarcado", inicio: newStart });
    const patch = google.calendarCalls().at(-1);
    expect(patch).toMatchObject({ method: "PATCH", path: `/calendar/v3/calendars/primary/events/${booked.evento_id}`, query: { sendUpdates: "all" }, body: { start: { dateTime: newStart } } });

    // Another conversation cannot touch it.
    const stranger = await toolsOf(o.agent.id, { conversationId: crypto.randomUUID() });
    await expect(stranger.run("cancelar_horario", { evento_id: booked.evento_id })).rejects.toThrow("Agendamento não encontrado");

    const cancelled = await t.run("cancelar_horario", { evento_id: booked.evento_id, motivo: "imprevisto" });
    expect(cancelled).toMatchObject({ status: "cancelado", evento_id: booked.evento_id });
    expect(google.calendarCalls().at(-1)).toMatchObject({ method: "DELETE", path: `/calendar/v3/calendars/primary/events/${booked.evento_id}` });
    await expect(t.run("cancelar_horario", { evento_id: booked.evento_id })).rejects.toThrow("Esse agendamento já foi cancelado.");

    const log = await logOf(o.agent.id);
    expect(log.map((l) => l.actionType).sort()).toEqual(["cancelled", "created", "rescheduled"]);
    const created = log.find((l) => l.actionType === "created");
    expect(created).toMatchObject({ googleEventId: booked.evento_id, calendarId: "primary", attendeeEmails: ["bia@exemplo.com.br"], conversationId, createdByAi: true, status: "cancelled", userMessage: "quero agendar" });
    expect(created?.meetLink).toMatch(/meet\.google\.com/);
    expect(log.find((l) => l.actionType === "rescheduled")?.previousEventData).toMatchObject({ inicio: start });
    const listed = await must(o.client.trpc.calendar.events.query({ agentId: o.agent.id }));
    expect(listed).toHaveLength(3);
  });

  test("a busy time from freeBusy is not offered and cannot be booked; 401 mid-turn refreshes", async () => {
    const o = await connectedOwner();
    const t = await toolsOf(o.agent.id);
    const first = (await t.run("ver_horarios_disponiveis", {})) as { horarios: { inicio: string }[] };
    const taken = first.horarios[0]?.inicio ?? "";
    google.settings.busy = [{ start: taken, end: new Date(Date.parse(taken) + 30 * 60_000).toISOString() }];
    google.expireAccessTokens();
    const second = (await t.run("ver_horarios_disponiveis", {})) as { horarios: { inicio: string }[] };
    expect(second.horarios.map((h) => h.inicio)).not.toContain(taken);
    expect(second.horarios[0]?.inicio).toBe(first.horarios[1]?.inicio ?? "");
    await expect(t.run("agendar_horario", { inicio: taken, nome: "Bia", email: "bia@exemplo.com.br", telefone: "11 99999-0000" })).rejects.toThrow("não está mais livre");
    google.settings.busy = [];
    // A day in the asked format; bad formats are explained.
    await expect(t.run("ver_horarios_disponiveis", { data: "amanhã" })).rejects.toThrow("Data inválida: use o formato AAAA-MM-DD.");
  });

  test("a tool call that already timed out never books, moves or cancels (nor refreshes and reads)", async () => {
    const o = await connectedOwner();
    const conversationId = crypto.randomUUID();
    const t = await toolsOf(o.agent.id, { conversationId });
    const tool = (name: string) => {
      const found = t.byName[name];
      if (!found) throw new Error(`tool ${name} not offered`);
      return found;
    };
    const writes = () => google.calendarCalls().filter((c) => (c.method === "POST" && c.path.endsWith("/events")) || c.method === "PATCH" || c.method === "DELETE").length;
    const slots = (await t.run("ver_horarios_disponiveis", {})) as { horarios: { inicio: string }[] };
    const [first, second] = [slots.horarios[0]?.inicio ?? "", slots.horarios[2]?.inicio ?? ""];
    const customer = { nome: "Bia", email: "bia@exemplo.com.br", telefone: "11 99999-0000" };

    // freeBusy answers after the tool's signal aborted: the booking gives up, no insert ever follows.
    const writesBefore = writes();
    const eventsBefore = google.events.size;
    google.delayNext("/calendar/v3/freeBusy", 400);
    const late = new AbortController();
    setTimeout(() => late.abort(), 50);
    await expect(tool("agendar_horario").run({ inicio: first, ...customer }, late.signal)).rejects.toThrow("interrompida");
    await Bun.sleep(600);
    expect(writes()).toBe(writesBefore);
    expect(google.events.size).toBe(eventsBefore);
    expect(await logOf(o.agent.id)).toEqual([]);

    // An aborted signal: no patch, no delete.
    const booked = await t.run("agendar_horario", { inicio: first, ...customer });
    const afterBooking = writes();
    await expect(tool("remarcar_horario").run({ evento_id: booked.evento_id, novo_inicio: second }, AbortSignal.abort())).rejects.toThrow("interrompida");
    await expect(tool("cancelar_horario").run({ evento_id: booked.evento_id }, AbortSignal.abort())).rejects.toThrow("interrompida");
    expect(writes()).toBe(afterBooking);
    const ev = google.events.get(String(booked.evento_id));
    expect(ev?.deleted).toBeUndefined();
    expect(ev?.start.dateTime).toBe(first);
    expect((await logOf(o.agent.id)).map((l) => l.actionType)).toEqual(["created"]);

    // The token refresh carries the signal too: aborted mid-refresh, no freeBusy follows.
    const r = await row(o.agent.id);
    await app.deps.db.update(agentIntegrations).set({ config: { ...r.config, tokenExpiresAt: Date.now() - 1000 } }).where(eq(agentIntegrations.id, r.id));
    const calls = google.calendarCalls().length;
    google.delayNext("/token", 400);
    const slow = new AbortController();
    setTimeout(() => slow.abort(), 50);
    await expect(tool("ver_horarios_disponiveis").run({}, slow.signal)).rejects.toThrow("interrompida");
    await Bun.sleep(600);
    expect(google.calendarCalls().length).toBe(calls);
    expect((await row(o.agent.id)).status).toBe("connected");
    // Nothing is stuck: the next call (with a live signal) works.
    expect(((await t.run("ver_horarios_disponiveis", {})) as { horarios: unknown[] }).horarios.length).toBeGreaterThan(0);
  });

  test("no tools while disabled, not connected, or with scheduling off", async () => {
    const o = await owner();
    expect((await toolsOf(o.agent.id)).names).toEqual([]);
    await connect(o.client, o.agent.id);
    expect((await toolsOf(o.agent.id)).names).toHaveLength(4);
    await must(o.client.trpc.calendar.save.mutate({ agentId: o.agent.id, settings: openSettings({ enabled: false }) }));
    expect((await toolsOf(o.agent.id)).names).toEqual([]);
    await must(o.client.trpc.calendar.save.mutate({ agentId: o.agent.id, settings: openSettings({ scheduleConfig: { enabled: false } }) }));
    expect((await toolsOf(o.agent.id)).names).toEqual([]);
  });
});

describe("[google calendar] through the chat turn (fake OpenAI)", () => {
  test("the model checks availability then books; the customer's answer carries the Meet link", async () => {
    const o = await connectedOwner();
    const toolMessages = (b: ChatBody | undefined) => (b?.messages ?? []).filter((m) => m.role === "tool").map((m) => String(m.content));
    type Offered = { function: { name: string } };
    let chosen = "";
    fake.settings.reply = (b) => {
      const results = toolMessages(b);
      const names = ((b.tools ?? []) as Offered[]).map((t) => t.function.name);
      if (!names.includes("agendar_horario")) return { content: "sem agenda" };
      if (results.length === 0) return { toolCalls: [{ name: "ver_horarios_disponiveis", arguments: "{}" }] };
      if (results.length === 1) {
        const parsed = JSON.parse(results[0] ?? "{}") as { horarios?: { inicio: string }[] };
        chosen = parsed.horarios?.[0]?.inicio ?? "";
        return { toolCalls: [{ name: "agendar_horario", arguments: JSON.stringify({ inicio: chosen, nome: "Duda", email: "duda@exemplo.com.br", telefone: "11 98888-7777" }) }] };
      }
      return { content: `Pronto! ${results.at(-1)}` };
    };
    const res = await chat(app, o.agent.id, { message: "Quero marcar uma reunião", sessionId: "sessao-agenda-1" });
    expect(res.status).toBe(200);
    expect(res.body.response).toContain("Pronto!");
    expect(res.body.response).toContain("agendado");
    expect(res.body.response).toMatch(/meet\.google\.com/);
    const log = await logOf(o.agent.id);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actionType: "created", startAt: Date.parse(chosen), attendeeEmails: ["duda@exemplo.com.br"] });
    expect(log[0]?.conversationId).toBeTruthy();
    fake.settings.reply = (b) => ({ content: `Eco: ${String(b.messages.at(-1)?.content ?? "")}` });
  });
});

describe("[google calendar] permissions and isolation", () => {
  test("another workspace gets 404 on every procedure", async () => {
    const a = await connectedOwner();
    const b = await owner();
    const agentId = a.agent.id;
    const calls = [
      b.client.trpc.calendar.get.query({ agentId }),
      b.client.trpc.calendar.save.mutate({ agentId, settings: {} }),
      b.client.trpc.calendar.connect.mutate({ agentId }),
      b.client.trpc.calendar.calendars.query({ agentId }),
      b.client.trpc.calendar.test.mutate({ agentId }),
      b.client.trpc.calendar.disconnect.mutate({ agentId }),
      b.client.trpc.calendar.events.query({ agentId }),
    ];
    for (const res of await Promise.all(calls)) expect(res.error?.httpStatus).toBe(404);
    expect((await row(agentId)).status).toBe("connected");
  });

  test("a member without canEditAgents can read but not save, connect, test or disconnect", async () => {
    const o = await connectedOwner();
    const member = await inviteMember(app, o.client, { canEditAgents: false });
    const agentId = o.agent.id;
    expect((await view(member.client, agentId)).status).toBe("connected");
    for (const res of [
      await member.client.trpc.calendar.save.mutate({ agentId, settings: {} }),
      await member.client.trpc.calendar.connect.mutate({ agentId }),
      await member.client.trpc.calendar.test.mutate({ agentId }),
      await member.client.trpc.calendar.disconnect.mutate({ agentId }),
    ]) {
      expect(res.error).toMatchObject({ httpStatus: 403, message: "Você não tem permissão para editar agentes neste workspace" });
    }
    expect((await row(agentId)).status).toBe("connected");
    // An editor may connect, but a state started by the owner cannot be finished by the member.
    const editor = await inviteMember(app, o.client, { canEditAgents: true });
    const flow = await connect(o.client, agentId, editor.client);
    expect(reason(flow.location)).toContain("Entre com a mesma conta");
  });

  test("connecting before the admin configured the OAuth client says so", async () => {
    const o = await owner();
    await must(admin.trpc.calendar.admin.remove.mutate());
    const res = await o.client.trpc.calendar.connect.mutate({ agentId: o.agent.id });
    expect(res.error?.message).toBe("A integração com a Google Agenda ainda não foi configurada pelo administrador da plataforma.");
    expect((await view(o.client, o.agent.id)).platformConfigured).toBe(false);
    await must(admin.trpc.calendar.admin.save.mutate({ ...google.settings.client }));
  });
});
