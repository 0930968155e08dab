/**
 * A loopback Agendor API v3 (protocols.md §6) under /v3: users/me, funnels, lead origins, users,
 * people (search by email / mobile_phone, create, update), organizations, deals (person or
 * organization), stage moves and tasks. Checks `Authorization: Token <token>` on every call (401
 * otherwise), records every request, and injects failures (failNext(429, { retryAfter: "0" })).
 */
export type AgendorRequest = { method: string; path: string; query: Record<string, string>; headers: Record<string, string>; body: unknown };
type Entity = Record<string, unknown> & { id: number };
type Failure = { status: number; retryAfter?: string; body?: unknown };

export const FAKE_FUNNELS = [
  {
    id: 111,
    name: "Vendas",
    dealStages: [
      { id: 901, name: "Contato", sequence: 1 },
      { id: 902, name: "Proposta", sequence: 2 },
      { id: 903, name: "Fechamento", sequence: 3 },
    ],
  },
  { id: 222, name: "Parcerias", dealStages: [{ id: 911, name: "Conversa", sequence: 1 }] },
];
export const FAKE_ORIGINS = [
  { id: 9, name: "Site" },
  { id: 10, name: "WhatsApp" },
];
export const FAKE_USERS = [
  { id: 39970, name: "Ana Vendedora", email: "ana@loja.com.br" },
  { id: 39971, name: "Bruno Closer", email: "bruno@loja.com.br" },
];

export async function startFakeAgendor(opts: { token?: string; port?: number } = {}) {
  const requests: AgendorRequest[] = [];
  const failures: Failure[] = [];
  const settings = { token: opts.token ?? "tok-agendor", ignoreDealStage: false };
  const people: Entity[] = [];
  const organizations: Entity[] = [];
  const deals: Entity[] = [];
  const tasks: Entity[] = [];
  let seq = 1000;

  const ok = (data: unknown, status = 200) => Response.json({ data }, { status });
  const list = (data: unknown[]) => Response.json({ data, meta: { totalCount: data.length }, links: {} });
  const notFound = () => Response.json({ errors: ["Not found"] }, { status: 404 });
  const byId = (arr: Entity[], id: string | undefined) => arr.find((e) => String(e.id) === id);

  function stageOf(funnelId: unknown, sequence: unknown) {
    const funnel = FAKE_FUNNELS.find((f) => f.id === Number(funnelId)) ?? FAKE_FUNNELS[0];
    const stage = funnel?.dealStages.find((s) => s.sequence === Number(sequence)) ?? funnel?.dealStages[0];
    return { id: stage?.id, name: stage?.name, sequence: stage?.sequence, funnel: { id: funnel?.id, name: funnel?.name } };
  }

  const server = Bun.serve({
    port: opts.port ?? 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      const raw = req.method === "GET" ? "" : await req.text();
      let body: unknown = raw || null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        // keep text
      }
      const path = url.pathname;
      if (path === "/__control/health") return Response.json({ ok: true });
      if (path === "/__control/state") return Response.json({ people, organizations, deals, tasks });
      const query = Object.fromEntries(url.searchParams.entries());
      requests.push({ method: req.method, path, query, headers: Object.fromEntries(req.headers.entries()), body });
      const failure = failures.shift();
      if (failure) {
        const headers: Record<string, string> = failure.retryAfter !== undefined ? { "retry-after": failure.retryAfter } : {};
        return Response.json(failure.body ?? { errors: ["falha simulada"] }, { status: failure.status, headers });
      }
      if (req.headers.get("authorization") !== `Token ${settings.token}`) return Response.json({ errors: ["Invalid token"] }, { status: 401 });
      if (!path.startsWith("/v3/")) return notFound();
      const p = path.slice(3);
      const b = (body ?? {}) as Record<string, unknown>;
      const m = (re: RegExp) => re.exec(p);

      if (p === "/users/me" && req.method === "GET") return ok({ id: 39970, name: "Ana Vendedora", account: { id: 5, name: "Loja Exemplo" } });
      if (p === "/funnels" && req.method === "GET") return list(FAKE_FUNNELS);
      if (p === "/lead_origins" && req.method === "GET") return list(FAKE_ORIGINS);
      if (p === "/users" && req.method === "GET") return list(FAKE_USERS);

      if (p === "/people" && req.method === "GET") {
        const found = people.filter((x) => {
          const c = (x.contact ?? {}) as Record<string, unknown>;
          if (query.email && c.email !== query.email) return false;
          if (query.mobile_phone && c.mobile !== query.mobile_phone) return false;
          return !!(query.email || query.mobile_phone);
        });
        return list(found);
      }
      if (p === "/people" && req.method === "POST") {
        if (!b.name) return Response.json({ errors: { name: ["não pode ficar em branco"] } }, { status: 422 });
        const person = { ...b, id: ++seq };
        people.push(person);
        return ok(person, 201);
      }
      let hit = m(/^\/people\/(\d+)$/);
      if (hit && req.method === "GET") {
        const person = byId(people, hit[1]);
        return person ? ok(person) : notFound();
      }
      if (hit && req.method === "PUT") {
        const person = byId(people, hit[1]);
        if (!person) return notFound();
        Object.assign(person, b, { contact: { ...((person.contact as object) ?? {}), ...((b.contact as object) ?? {}) } });
        return ok(person);
      }
      if (p === "/organizations" && req.method === "GET") return list(organizations.filter((o) => !query.name || String(o.name).toLowerCase().includes(query.name.toLowerCase())));
      if (p === "/organizations" && req.method === "POST") {
        const org = { ...b, id: ++seq };
        organizations.push(org);
        return ok(org, 201);
      }
      hit = m(/^\/(people|organizations)\/(\d+)\/deals$/);
      if (hit && req.method === "POST") {
        const owner = byId(hit[1] === "people" ? people : organizations, hit[2]);
        if (!owner) return notFound();
        const deal = {
          ...b,
          id: ++seq,
          [hit[1] === "people" ? "person" : "organization"]: { id: owner.id, name: owner.name },
          dealStatus: { id: 1, name: "Em andamento" },
          dealStage: stageOf(b.funnel, settings.ignoreDealStage ? 1 : b.dealStage),
        };
        deals.push(deal);
        return ok(deal, 201);
      }
      hit = m(/^\/deals\/(\d+)\/stage$/);
      if (hit && req.method === "PUT") {
        const deal = byId(deals, hit[1]);
        if (!deal) return notFound();
        deal.dealStage = stageOf(b.funnel, b.dealStage);
        return ok(deal);
      }
      hit = m(/^\/(deals|people|organizations)\/(\d+)\/tasks$/);
      if (hit && req.method === "POST") {
        const owner = byId(hit[1] === "deals" ? deals : hit[1] === "people" ? people : organizations, hit[2]);
        if (!owner) return notFound();
        const task = { ...b, id: ++seq, on: `${hit[1]}/${hit[2]}` };
        tasks.push(task);
        return ok(task, 201);
      }
      return notFound();
    },
  });
  const host = `127.0.0.1:${server.port}`;
  return {
    host,
    /** The API base the integration uses (AGENDOR_API_BASE). */
    url: `http://${host}/v3`,
    requests,
    settings,
    people,
    organizations,
    deals,
    tasks,
    failNext: (...f: Failure[]) => failures.push(...f),
    reset: () => {
      requests.length = 0;
      failures.length = 0;
      people.length = 0;
      organizations.length = 0;
      deals.length = 0;
      tasks.length = 0;
      settings.ignoreDealStage = false;
    },
    stop: () => server.stop(true),
  };
}
