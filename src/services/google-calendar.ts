/**
 * Google Calendar of an agent (SPEC §3 "Calendar integration"): the admin's OAuth client, the
 * per-agent connection (authorization-code flow with a single-use, expiring state bound to
 * agent + user + workspace), token refresh, calendar choice, settings and the event log.
 * Booking actions used by the tools live in google-calendar-actions.ts.
 *
 * Storage: one agent_integrations row of kind google_calendar per agent. `config` holds the
 * settings, the tokens (encrypted via sealConfig), tokenExpiresAt and the pending OAuth state
 * (its SHA-256 only). `status` is not_connected | connected | reconnect_required.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { agentIntegrations, calendarEvents, platformSettings } from "../../db/schema";
import {
  type CalendarListEntry,
  GoogleError,
  type OAuthClient,
  buildAuthorizeUrl,
  calendarRequest,
  exchangeCode,
  probeClient,
  refreshAccessToken,
  revokeToken,
  throwIfAborted,
} from "../adapters/google-calendar/client";
import { type IntegrationRow, SECRET_FIELDS, integrationsOf, openConfig, sealConfig } from "../integrations/store";
import { randomToken, sha256Hex } from "../lib/crypto";
import { AppError, NOT_AUTHENTICATED } from "../lib/errors";
import { log } from "../lib/logger";
import {
  type CalendarSettings,
  type CallbackErrorCode,
  type CalendarStatus,
  DEFAULT_CALENDAR_SETTINGS,
  RECONNECT_MESSAGE,
  STATUS_LABELS,
  type GoogleCalendarClient,
  calendarSettingsInput,
} from "../schemas/google-calendar";
import { getAgent } from "./agents";
import type { AppDeps, ServiceContext, WorkspaceScope } from "./context";
import { getPlatformSetting, publicPlatformSetting, savePlatformSetting } from "./platform-settings";
import { type EditorScope, holds, resolveMembership } from "./access";


/** How long the user has to finish Google's consent screen. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** An access token this close to expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;
export const NOT_CONFIGURED_MESSAGE = "A integração com a Google Agenda ainda não foi configurada pelo administrador da plataforma.";

export type CalendarConfig = CalendarSettings & {
  accessToken?: string;
  refreshToken?: string;
  tokenExpiresAt?: number | null;
  authenticated?: boolean;
  oauthState?: { hash: string; userId: string; expiresAt: number } | null;
  lastError?: string | null;
  connectedAt?: number | null;
};

// ---- platform OAuth client (admin) ---------------------------------------------------------------
export const defaultRedirectUri = (deps: Pick<AppDeps, "appUrl">) => `${deps.appUrl}/api/v1/integrations/google-calendar/callback`;

export async function oauthClient(deps: AppDeps): Promise<OAuthClient | null> {
  const s = await getPlatformSetting<{ clientId?: string; clientSecret?: string; redirectUri?: string | null }>(deps, "google_calendar");
  if (!s?.clientId || !s.clientSecret) return null;
  return { clientId: s.clientId, clientSecret: s.clientSecret, redirectUri: s.redirectUri || defaultRedirectUri(deps) };
}

export async function getClientSettings(deps: AppDeps) {
  const pub = await publicPlatformSetting(deps, "google_calendar");
  return { ...pub, defaultRedirectUri: defaultRedirectUri(deps) };
}

export async function saveClientSettings(deps: AppDeps, userId: string, input: GoogleCalendarClient) {
  const previous = await getPlatformSetting(deps, "google_calendar");
  if (!input.clientSecret && !previous?.clientSecret) throw new AppError("VALIDATION", "Informe a chave secreta do cliente", { field: "clientSecret" });
  await savePlatformSetting(deps, "google_calendar", { clientId: input.clientId, clientSecret: input.clientSecret ?? "", redirectUri: input.redirectUri ?? null }, userId);
  return getClientSettings(deps);
}

/** Forgets the OAuth client (connected agents stop working until it is saved again). */
export async function removeClientSettings(deps: AppDeps) {
  await deps.db.delete(platformSettings).where(eq(platformSettings.key, "google_calendar"));
  return getClientSettings(deps);
}

/** "Testar": Google answers a made-up code with invalid_grant only when the client id and secret are right. */
export async function testClientSettings(deps: AppDeps) {
  const client = await oauthClient(deps);
  if (!client) return { ok: false, message: "Salve o client ID e o client secret antes de testar." };
  try {
    await probeClient(client);
    return { ok: true, message: "Credenciais OAuth aceitas pelo Google." };
  } catch (e) {
    return { ok: false, message: e instanceof GoogleError ? e.message : "Não foi possível testar as credenciais." };
  }
}

// ---- the agent's row -----------------------------------------------------------------------------
export async function calendarRowOf(deps: AppDeps, agent: string | { id: string }, workspaceId: string): Promise<IntegrationRow | null> {
  const rows = await integrationsOf(deps, agent, "google_calendar");
  return rows.find((r) => r.workspaceId === workspaceId) ?? null;
}

export const statusOf = (row: IntegrationRow | null): CalendarStatus =>
  row && ["connected", "reconnect_required"].includes(row.status) ? (row.status as CalendarStatus) : "not_connected";

export function settingsOf(row: IntegrationRow | null): CalendarSettings {
  const parsed = calendarSettingsInput.safeParse({ ...(row?.config ?? {}), enabled: row?.enabled ?? true });
  return parsed.success ? parsed.data : { ...DEFAULT_CALENDAR_SETTINGS, enabled: row?.enabled ?? true };
}

/** Writes config fields (plain tokens get encrypted; omitted secrets keep the stored ciphertext unless cleared). */
export async function writeCalendar(
  deps: AppDeps,
  row: IntegrationRow,
  patch: Partial<CalendarConfig>,
  opts: { status?: CalendarStatus; enabled?: boolean; clearTokens?: boolean } = {},
) {
  const base: Record<string, unknown> = { ...row.config };
  for (const f of SECRET_FIELDS.google_calendar) delete base[f];
  const merged = { ...base, ...patch } as Record<string, unknown>;
  const config = sealConfig(deps, "google_calendar", merged, opts.clearTokens ? null : row.config);
  const [updated] = await deps.db
    .update(agentIntegrations)
    .set({ config, ...(opts.status ? { status: opts.status } : {}), ...(opts.enabled !== undefined ? { enabled: opts.enabled } : {}) })
    .where(eq(agentIntegrations.id, row.id))
    .returning();
  if (!updated) throw new AppError("NOT_FOUND", "Integração não encontrada");
  return updated;
}

async function ensureRow(deps: AppDeps, agentId: string, workspaceId: string): Promise<IntegrationRow> {
  const existing = await calendarRowOf(deps, agentId, workspaceId);
  if (existing) return existing;
  const { enabled, ...settings } = DEFAULT_CALENDAR_SETTINGS;
  const [row] = await deps.db
    .insert(agentIntegrations)
    .values({ workspaceId, agentId, kind: "google_calendar", name: "default", config: { ...settings, authenticated: false }, enabled, status: "not_connected" })
    .onConflictDoNothing()
    .returning();
  return row ?? ((await calendarRowOf(deps, agentId, workspaceId)) as IntegrationRow);
}

/** What the editor sees: settings, status and flags; never a token nor the OAuth state. */
export async function getCalendar(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  await getAgent(ctx.db, scope, agentId);
  const row = await calendarRowOf(ctx, agentId, scope.id);
  const client = await oauthClient(ctx);
  const status = statusOf(row);
  const cfg = (row?.config ?? {}) as Partial<CalendarConfig>;
  return {
    id: row?.id ?? null,
    platformConfigured: !!client,
    status,
    statusLabel: STATUS_LABELS[status],
    message: status === "reconnect_required" ? RECONNECT_MESSAGE : (cfg.lastError ?? null),
    hasAccessToken: typeof cfg.accessToken === "string" && cfg.accessToken !== "",
    hasRefreshToken: typeof cfg.refreshToken === "string" && cfg.refreshToken !== "",
    connectedAt: cfg.connectedAt ?? null,
    lastTestedAt: row?.lastTestedAt ?? null,
    testStatus: row?.testStatus ?? null,
    testMessage: row?.testMessage ?? null,
    settings: settingsOf(row),
  };
}

export async function saveCalendarSettings(ctx: ServiceContext, scope: EditorScope, agentId: string, { enabled, ...settings }: CalendarSettings) {
  await getAgent(ctx.db, scope, agentId);
  const row = await ensureRow(ctx, agentId, scope.id);
  await writeCalendar(ctx, row, settings, { enabled });
  return getCalendar(ctx, scope, agentId);
}

// ---- OAuth connect -------------------------------------------------------------------------------
/** "Conectar Google Agenda": a fresh single-use state, stored hashed, bound to agent + user + workspace. */
export async function startConnect(ctx: ServiceContext, scope: EditorScope, agentId: string) {
  await getAgent(ctx.db, scope, agentId);
  if (ctx.actor.type !== "user") throw new AppError("UNAUTHORIZED", NOT_AUTHENTICATED);
  const client = await oauthClient(ctx);
  if (!client) throw new AppError("PRECONDITION_FAILED", NOT_CONFIGURED_MESSAGE);
  const row = await ensureRow(ctx, agentId, scope.id);
  const state = `${row.id}.${randomToken(32)}`;
  await writeCalendar(ctx, row, { oauthState: { hash: sha256Hex(state), userId: ctx.actor.userId, expiresAt: ctx.now() + OAUTH_STATE_TTL_MS } });
  return { url: buildAuthorizeUrl(client, state) };
}

export type CallbackOutcome = { agentId: string | null; ok: true } | { agentId: string | null; ok: false; code: CallbackErrorCode };

/**
 * Burns the pending state in one conditional UPDATE: only the request whose hash still matches
 * (and, with `unexpiredAt`, is not expired yet) gets the row back, so two callbacks racing with
 * the same state cannot both pass. Returns the row as stored after the burn, or null.
 */
async function burnState(deps: AppDeps, rowId: string, hash: string, unexpiredAt: number | null): Promise<IntegrationRow | null> {
  const config = agentIntegrations.config;
  const [burnt] = await deps.db
    .update(agentIntegrations)
    .set({ config: sql`json_set(${config}, '$.oauthState', json('null'))` })
    .where(
      and(
        eq(agentIntegrations.id, rowId),
        eq(agentIntegrations.kind, "google_calendar"),
        sql`json_extract(${config}, '$.oauthState.hash') = ${hash}`,
        ...(unexpiredAt !== null ? [sql`json_extract(${config}, '$.oauthState.expiresAt') >= ${unexpiredAt}`] : []),
      ),
    )
    .returning();
  return burnt ?? null;
}

/**
 * The REST callback's work: checks the state (exists, unexpired, same user, still an editor),
 * burns it atomically, exchanges the code and stores the tokens encrypted. Never throws once the
 * agent is known: an unexpected failure is logged and answered with the generic "failed" code.
 */
export async function completeConnect(
  deps: AppDeps,
  q: { code?: string | null; state?: string | null; error?: string | null; sessionUserId: string | null },
): Promise<CallbackOutcome> {
  const fail = (agentId: string | null, code: CallbackErrorCode): CallbackOutcome => ({ agentId, ok: false, code });
  const state = q.state ?? "";
  const rowId = state.split(".")[0] ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(rowId)) return fail(null, "invalid_state");
  const [row] = await deps.db.select().from(agentIntegrations).where(and(eq(agentIntegrations.id, rowId), eq(agentIntegrations.kind, "google_calendar")));
  const pending = (row?.config as Partial<CalendarConfig> | undefined)?.oauthState;
  const hash = sha256Hex(state);
  if (!row || !pending || pending.hash !== hash) return fail(row?.agentId ?? null, "invalid_state");
  try {
    // Single use: burnt (atomically) before anything else can fail.
    const burnt = await burnState(deps, row.id, hash, deps.now());
    if (!burnt) {
      // Expired (burnt now, so it cannot be retried) or already used by a concurrent callback.
      return fail(row.agentId, (await burnState(deps, row.id, hash, null)) ? "expired" : "invalid_state");
    }
    if (!q.sessionUserId || q.sessionUserId !== pending.userId) return fail(row.agentId, "wrong_user");
    const scope = await resolveMembership(deps.db, pending.userId, row.workspaceId);
    if (!scope || !holds(scope, "canEditAgents")) return fail(row.agentId, "forbidden");
    if (q.error) return fail(row.agentId, q.error === "access_denied" ? "denied" : "google_refused");
    if (!q.code) return fail(row.agentId, "no_code");
    const client = await oauthClient(deps);
    if (!client) return fail(row.agentId, "not_configured");
    const tokens = await exchangeCode(client, q.code);
    const hadRefresh = typeof burnt.config.refreshToken === "string" && burnt.config.refreshToken !== "";
    if (!tokens.refresh_token && !hadRefresh) {
      return fail(row.agentId, "no_refresh_token");
    }
    const settings = settingsOf(burnt);
    await writeCalendar(
      deps,
      burnt,
      {
        accessToken: tokens.access_token,
        ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
        tokenExpiresAt: deps.now() + (tokens.expires_in ?? 3600) * 1000,
        authenticated: true,
        connectedAt: deps.now(),
        lastError: null,
        calendarId: settings.calendarId || "primary",
        calendarName: settings.calendarName || "Agenda principal",
      },
      { status: "connected" },
    );
    return { agentId: row.agentId, ok: true };
  } catch (e) {
    if (!(e instanceof GoogleError)) {
      log.error("google calendar connect failed", { agentId: row.agentId, error: e instanceof Error ? e.message : String(e) });
      return fail(row.agentId, "failed");
    }
    const byKind: Partial<Record<GoogleError["kind"], CallbackErrorCode>> = {
      invalid_client: "invalid_client",
      redirect_mismatch: "redirect_mismatch",
      unavailable: "unavailable",
      rate_limited: "unavailable",
    };
    return fail(row.agentId, byKind[e.kind] ?? "failed");
  }
}

// ---- tokens --------------------------------------------------------------------------------------
async function markReconnect(deps: AppDeps, row: IntegrationRow) {
  await writeCalendar(deps, row, { authenticated: false, lastError: RECONNECT_MESSAGE, tokenExpiresAt: null }, { status: "reconnect_required" });
}

/** A valid access token, refreshed when it expires soon (or when `force`). invalid_grant → reconnect_required. */
export async function accessTokenFor(deps: AppDeps, row: IntegrationRow, force = false, signal?: AbortSignal): Promise<string> {
  throwIfAborted(signal);
  if (statusOf(row) === "reconnect_required") throw new GoogleError("invalid_grant", RECONNECT_MESSAGE);
  const cfg = openConfig<CalendarConfig>(deps, row);
  if (!cfg.refreshToken && !cfg.accessToken) throw new GoogleError("unauthorized", "Conecte a Google Agenda deste agente.");
  if (!force && cfg.accessToken && (cfg.tokenExpiresAt ?? 0) - EXPIRY_MARGIN_MS > deps.now()) return cfg.accessToken;
  const client = await oauthClient(deps);
  if (!client) throw new GoogleError("invalid_client", NOT_CONFIGURED_MESSAGE);
  if (!cfg.refreshToken) {
    await markReconnect(deps, row);
    throw new GoogleError("invalid_grant", RECONNECT_MESSAGE);
  }
  try {
    const tokens = await refreshAccessToken(client, cfg.refreshToken, signal);
    await writeCalendar(deps, row, {
      accessToken: tokens.access_token,
      ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
      tokenExpiresAt: deps.now() + (tokens.expires_in ?? 3600) * 1000,
    });
    return tokens.access_token;
  } catch (e) {
    if (e instanceof GoogleError && e.kind === "invalid_grant") await markReconnect(deps, row);
    throw e;
  }
}

/**
 * Runs fn with a token; a 401 refreshes once and retries (protocols.md §8). `signal` (the tool's)
 * reaches the token refresh; fn passes it on to calendarRequest.
 */
export async function withGoogle<T>(deps: AppDeps, row: IntegrationRow, fn: (token: string) => Promise<T>, signal?: AbortSignal): Promise<T> {
  const token = await accessTokenFor(deps, row, false, signal);
  try {
    return await fn(token);
  } catch (e) {
    if (!(e instanceof GoogleError) || e.kind !== "unauthorized") throw e;
    const [fresh] = await deps.db.select().from(agentIntegrations).where(eq(agentIntegrations.id, row.id));
    return fn(await accessTokenFor(deps, fresh ?? row, true, signal));
  }
}

async function connectedRow(ctx: ServiceContext, scope: WorkspaceScope, agentId: string) {
  await getAgent(ctx.db, scope, agentId);
  const row = await calendarRowOf(ctx, agentId, scope.id);
  if (!row || statusOf(row) === "not_connected") throw new AppError("PRECONDITION_FAILED", "Conecte a Google Agenda deste agente primeiro.");
  if (statusOf(row) === "reconnect_required") throw new AppError("PRECONDITION_FAILED", RECONNECT_MESSAGE);
  return row;
}

const asAppError = (e: unknown) => {
  if (e instanceof GoogleError) {
    if (e.kind === "invalid_grant") return new AppError("PRECONDITION_FAILED", e.message);
    if (e.kind === "rate_limited") return new AppError("RATE_LIMITED", e.message);
    return new AppError("UNAVAILABLE", e.message);
  }
  return e;
};

/** Editors only: it calls Google with the stored token. */
export async function listCalendars(ctx: ServiceContext, scope: EditorScope, agentId: string) {
  const row = await connectedRow(ctx, scope, agentId);
  try {
    const res = await withGoogle(ctx, row, (t) => calendarRequest<{ items?: CalendarListEntry[] }>(t, { method: "GET", path: "/users/me/calendarList", query: { minAccessRole: "writer" } }));
    return (res.items ?? []).map((c) => ({ id: c.id, name: c.summary, primary: !!c.primary, timeZone: c.timeZone ?? null }));
  } catch (e) {
    throw asAppError(e);
  }
}

/** "Testar": reads the chosen calendar's busy times for the next day. */
export async function testCalendar(ctx: ServiceContext, scope: EditorScope, agentId: string) {
  const row = await connectedRow(ctx, scope, agentId);
  const settings = settingsOf(row);
  const calendarId = settings.calendarId || "primary";
  let result: { ok: boolean; message: string };
  try {
    const now = ctx.now();
    const fb = await withGoogle(ctx, row, (t) =>
      calendarRequest<{ calendars?: Record<string, { errors?: { reason?: string }[] }> }>(t, {
        method: "POST",
        path: "/freeBusy",
        body: { timeMin: new Date(now).toISOString(), timeMax: new Date(now + 86_400_000).toISOString(), timeZone: settings.timezone, items: [{ id: calendarId }] },
      }),
    );
    const errors = fb.calendars?.[calendarId]?.errors ?? [];
    result = errors.length
      ? { ok: false, message: `A agenda escolhida não pôde ser lida (${errors[0]?.reason ?? "erro"}). Escolha outra agenda.` }
      : { ok: true, message: `Conexão OK: a agenda "${settings.calendarName || calendarId}" respondeu.` };
  } catch (e) {
    result = { ok: false, message: e instanceof GoogleError ? e.message : "Não foi possível testar a Google Agenda." };
  }
  const [fresh] = await ctx.db.select().from(agentIntegrations).where(eq(agentIntegrations.id, row.id));
  await ctx.db
    .update(agentIntegrations)
    .set({ lastTestedAt: ctx.now(), testStatus: result.ok ? "ok" : "failed", testMessage: result.message })
    .where(eq(agentIntegrations.id, (fresh ?? row).id));
  return result;
}

/** Revokes at Google (best effort), forgets the tokens, keeps the settings. */
export async function disconnectCalendar(ctx: ServiceContext, scope: EditorScope, agentId: string) {
  await getAgent(ctx.db, scope, agentId);
  const row = await calendarRowOf(ctx, agentId, scope.id);
  if (!row) return getCalendar(ctx, scope, agentId);
  const cfg = openConfig<CalendarConfig>(ctx, row);
  const token = cfg.refreshToken || cfg.accessToken;
  if (token) await revokeToken(token);
  await writeCalendar(ctx, row, { authenticated: false, tokenExpiresAt: null, oauthState: null, lastError: null, connectedAt: null }, { status: "not_connected", clearTokens: true });
  return getCalendar(ctx, scope, agentId);
}

/** Recent entries of the event log (newest first). */
export async function listCalendarEvents(ctx: ServiceContext, scope: WorkspaceScope, agentId: string, limit = 20) {
  await getAgent(ctx.db, scope, agentId);
  return ctx.db
    .select({
      id: calendarEvents.id,
      googleEventId: calendarEvents.googleEventId,
      summary: calendarEvents.summary,
      startAt: calendarEvents.startAt,
      endAt: calendarEvents.endAt,
      attendeeEmails: calendarEvents.attendeeEmails,
      meetLink: calendarEvents.meetLink,
      actionType: calendarEvents.actionType,
      status: calendarEvents.status,
      createdByAi: calendarEvents.createdByAi,
      createdAt: calendarEvents.createdAt,
    })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.agentId, agentId), eq(calendarEvents.workspaceId, scope.id)))
    .orderBy(desc(calendarEvents.createdAt))
    .limit(Math.min(Math.max(limit, 1), 100));
}
