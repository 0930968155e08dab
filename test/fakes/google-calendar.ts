/**
 * A loopback Google (protocols.md §8): the OAuth consent screen (auto-approves and redirects to
 * redirect_uri with code + state), the token endpoint (authorization_code and refresh_token
 * grants, invalid_client / invalid_grant / redirect_uri_mismatch), revoke, and Calendar API v3
 * (calendarList, freeBusy, events insert/patch/delete with an in-memory store and a generated
 * Meet link). Records every request; injects 401 (expireAccessTokens), invalid_grant
 * (revokeRefreshTokens), any status on the next calendar calls (failNext), any raw answer of the
 * token endpoint (settings.tokenAnswer) and a slow answer on a path (delayNext).
 */
export type GoogleRequest = { method: string; path: string; query: Record<string, string>; headers: Record<string, string>; body: unknown; form: Record<string, string> | null };
export type FakeEvent = {
  id: string;
  calendarId: string;
  summary: string;
  description?: string;
  start: { dateTime: string; timeZone?: string };
  end: { dateTime: string; timeZone?: string };
  attendees?: { email: string; displayName?: string }[];
  hangoutLink?: string;
  deleted?: boolean;
};

const googleError = (code: number, reason: string, message: string) =>
  Response.json({ error: { errors: [{ domain: "global", reason, message }], code, message } }, { status: code });

export async function startFakeGoogle(opts: { port?: number } = {}) {
  const requests: GoogleRequest[] = [];
  const failures: { status: number; reason: string; retryAfter?: string }[] = [];
  const delays: { path: string; ms: number }[] = [];
  const settings = {
    client: { clientId: "cliente-123.apps.googleusercontent.com", clientSecret: "segredo-oauth-123" },
    /** When set, the code exchange must carry this redirect_uri. */
    redirectUri: null as string | null,
    accessTtlS: 3599,
    /** The consent screen answers ?error=access_denied instead of a code. */
    deny: false,
    /** When set, the token endpoint answers this (status + raw body) instead of its normal answer. */
    tokenAnswer: null as { status: number; body: string; contentType?: string } | null,
    /** Extra busy intervals of every calendar (ISO strings). */
    busy: [] as { start: string; end: string }[],
    calendars: [
      { id: "primary", summary: "ana@exemplo.com.br", primary: true, accessRole: "owner", timeZone: "America/Sao_Paulo" },
      { id: "vendas@group.calendar.google.com", summary: "Vendas", accessRole: "writer", timeZone: "America/Sao_Paulo" },
    ],
  };
  /** Issued codes and the scope the consent screen granted with each. */
  const codes = new Map<string, string>();
  const refreshTokens = new Set<string>();
  const refreshScopes = new Map<string, string>();
  const accessTokens = new Set<string>();
  const revoked: string[] = [];
  const events = new Map<string, FakeEvent>();
  let seq = 0;

  const issueAccess = () => {
    const t = `ya29.acesso-${++seq}`;
    accessTokens.add(t);
    return t;
  };

  async function tokenEndpoint(form: Record<string, string>) {
    if (settings.tokenAnswer) {
      const a = settings.tokenAnswer;
      return new Response(a.body, { status: a.status, headers: { "content-type": a.contentType ?? "text/html; charset=utf-8" } });
    }
    const { clientId, clientSecret } = settings.client;
    if (form.client_id !== clientId || form.client_secret !== clientSecret) {
      return Response.json({ error: "invalid_client", error_description: "The OAuth client was not found." }, { status: 401 });
    }
    if (form.grant_type === "authorization_code") {
      if (settings.redirectUri && form.redirect_uri !== settings.redirectUri) return Response.json({ error: "redirect_uri_mismatch" }, { status: 400 });
      if (!form.code || !codes.has(form.code)) return Response.json({ error: "invalid_grant", error_description: "Malformed auth code." }, { status: 400 });
      const scope = codes.get(form.code) ?? "";
      codes.delete(form.code);
      const refresh = `1//refresh-${++seq}`;
      refreshTokens.add(refresh);
      refreshScopes.set(refresh, scope);
      return Response.json({ access_token: issueAccess(), expires_in: settings.accessTtlS, refresh_token: refresh, scope, token_type: "Bearer" });
    }
    if (form.grant_type === "refresh_token") {
      if (!form.refresh_token || !refreshTokens.has(form.refresh_token)) {
        return Response.json({ error: "invalid_grant", error_description: "Token has been expired or revoked." }, { status: 400 });
      }
      return Response.json({ access_token: issueAccess(), expires_in: settings.accessTtlS, scope: refreshScopes.get(form.refresh_token) ?? "", token_type: "Bearer" });
    }
    return Response.json({ error: "unsupported_grant_type" }, { status: 400 });
  }

  function busyOf(calendarId: string, min: number, max: number) {
    const own = [...events.values()].filter((e) => !e.deleted && e.calendarId === calendarId).map((e) => ({ start: e.start.dateTime, end: e.end.dateTime }));
    return [...own, ...settings.busy]
      .filter((b) => Date.parse(b.start) < max && Date.parse(b.end) > min)
      .map((b) => ({ start: new Date(Date.parse(b.start)).toISOString(), end: new Date(Date.parse(b.end)).toISOString() }));
  }

  async function calendarApi(req: Request, path: string, query: Record<string, string>, body: Record<string, unknown> | null) {
    const token = (req.headers.get("authorization") ?? "").replace(/^Bearer /, "");
    if (!accessTokens.has(token)) return googleError(401, "authError", "Invalid Credentials");
    const failure = failures.shift();
    if (failure) {
      const res = googleError(failure.status, failure.reason, "Falha simulada");
      if (failure.retryAfter !== undefined) res.headers.set("retry-after", failure.retryAfter);
      return res;
    }
    if (path === "/users/me/calendarList" && req.method === "GET") return Response.json({ kind: "calendar#calendarList", items: settings.calendars });
    if (path === "/freeBusy" && req.method === "POST") {
      const min = Date.parse(String(body?.timeMin));
      const max = Date.parse(String(body?.timeMax));
      if (!(max > min)) return googleError(400, "timeRangeEmpty", "The specified time range is empty.");
      const calendars: Record<string, unknown> = {};
      for (const item of (body?.items ?? []) as { id: string }[]) {
        calendars[item.id] = settings.calendars.some((c) => c.id === item.id)
          ? { busy: busyOf(item.id, min, max) }
          : { busy: [], errors: [{ domain: "global", reason: "notFound" }] };
      }
      return Response.json({ kind: "calendar#freeBusy", timeMin: body?.timeMin, timeMax: body?.timeMax, calendars });
    }
    const m = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    if (m) {
      const calendarId = decodeURIComponent(m[1] ?? "");
      const eventId = m[2] ? decodeURIComponent(m[2]) : null;
      if (!settings.calendars.some((c) => c.id === calendarId)) return googleError(404, "notFound", "Not Found");
      if (!eventId && req.method === "POST") {
        const id = `evt${++seq}x${Math.random().toString(36).slice(2, 8)}`;
        const wantsMeet = query.conferenceDataVersion === "1" && !!(body?.conferenceData as { createRequest?: unknown } | undefined)?.createRequest;
        const meet = wantsMeet ? `https://meet.google.com/abc-${String(seq).padStart(4, "0")}-xyz` : undefined;
        const ev: FakeEvent = { ...(body as unknown as FakeEvent), id, calendarId, ...(meet ? { hangoutLink: meet } : {}) };
        events.set(id, ev);
        return Response.json({
          ...ev,
          status: "confirmed",
          htmlLink: `https://www.google.com/calendar/event?eid=${id}`,
          ...(meet
            ? {
                conferenceData: {
                  entryPoints: [{ entryPointType: "video", uri: meet, label: meet.replace("https://", "") }],
                  conferenceSolution: { key: { type: "hangoutsMeet" }, name: "Google Meet" },
                },
              }
            : {}),
        });
      }
      const ev = eventId ? events.get(eventId) : undefined;
      if (!ev || ev.calendarId !== calendarId) return googleError(404, "notFound", "Not Found");
      if (ev.deleted) return googleError(410, "deleted", "Resource has been deleted");
      if (req.method === "PATCH") {
        Object.assign(ev, body);
        return Response.json({ ...ev, status: "confirmed" });
      }
      if (req.method === "DELETE") {
        ev.deleted = true;
        return new Response(null, { status: 204 });
      }
    }
    return googleError(404, "notFound", "Not Found");
  }

  const server = Bun.serve({
    port: opts.port ?? 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      const raw = req.method === "GET" ? "" : await req.text();
      let body: unknown = raw || null;
      let form: Record<string, string> | null = null;
      if ((req.headers.get("content-type") ?? "").includes("x-www-form-urlencoded")) form = Object.fromEntries(new URLSearchParams(raw));
      else if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          // keep text
        }
      }
      const query = Object.fromEntries(url.searchParams);
      const path = url.pathname;
      if (path === "/__control/health") return Response.json({ ok: true });
      if (path === "/__control/requests") return Response.json(requests);
      requests.push({ method: req.method, path, query, headers: Object.fromEntries(req.headers.entries()), body: form ?? body, form });
      const delay = delays.findIndex((d) => d.path === path);
      if (delay >= 0) {
        const [d] = delays.splice(delay, 1);
        await new Promise((r) => setTimeout(r, d?.ms ?? 0));
      }

      if (path === "/o/oauth2/v2/auth" && req.method === "GET") {
        const target = new URL(query.redirect_uri ?? "http://invalido");
        if (settings.deny) target.searchParams.set("error", "access_denied");
        else {
          const code = `4/codigo-${++seq}`;
          codes.set(code, query.scope ?? "");
          target.searchParams.set("code", code);
          target.searchParams.set("scope", query.scope ?? "");
        }
        target.searchParams.set("state", query.state ?? "");
        return Response.redirect(target.toString(), 302);
      }
      if (path === "/token" && req.method === "POST") return tokenEndpoint(form ?? {});
      if (path === "/revoke" && req.method === "POST") {
        const t = query.token ?? form?.token ?? "";
        revoked.push(t);
        refreshTokens.delete(t);
        accessTokens.delete(t);
        return new Response(null, { status: 200 });
      }
      if (path.startsWith("/calendar/v3/")) return calendarApi(req, path.slice("/calendar/v3".length), query, body && typeof body === "object" ? (body as Record<string, unknown>) : null);
      return Response.json({ error: "not_found" }, { status: 404 });
    },
  });

  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    host: `127.0.0.1:${server.port}`,
    requests,
    settings,
    events,
    revoked,
    /** The env the app reads at call time. */
    env: {
      GOOGLE_OAUTH_AUTHORIZE_URL: `${url}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_TOKEN_URL: `${url}/token`,
      GOOGLE_OAUTH_REVOKE_URL: `${url}/revoke`,
      GOOGLE_CALENDAR_API_BASE: `${url}/calendar/v3`,
    },
    tokenRequests: () => requests.filter((r) => r.path === "/token"),
    calendarCalls: () => requests.filter((r) => r.path.startsWith("/calendar/v3/")),
    /** Every access token issued so far answers 401 from now on (as if expired at Google). */
    expireAccessTokens: () => accessTokens.clear(),
    /** Every refresh token is revoked: the next refresh gets invalid_grant. */
    revokeRefreshTokens: () => refreshTokens.clear(),
    failNext: (...f: { status: number; reason: string; retryAfter?: string }[]) => failures.push(...f),
    /** The next request to `path` (e.g. "/calendar/v3/freeBusy", "/token") is answered only after `ms`. */
    delayNext: (path: string, ms: number) => delays.push({ path, ms }),
    stop: () => server.stop(true),
  };
}
