/**
 * A loopback "loja" REST API standing in for a customer's own system behind a dynamic API: serves
 * its OpenAPI 3 document (/openapi.json, /openapi.yaml), a Swagger 2 one (/swagger.json), an
 * OAuth2 client-credentials token endpoint (/oauth/token) and business endpoints (GET
 * /orders/{id}, POST /leads, GET /products). Records every request, checks the configured auth on
 * each business call (401 otherwise) and can inject errors (failNext(500)).
 */
export type ShopRequest = { method: string; path: string; query: Record<string, string[]>; headers: Record<string, string>; body: unknown };
/** What a business call must carry: one header with one value (Authorization, X-API-Key...). */
export type ShopAuth = { header: string; value: string } | { oauth: { clientId: string; clientSecret: string } } | null;

export function openApiDoc(base: string) {
  return {
    openapi: "3.0.3",
    info: { title: "Loja Exemplo", version: "1.0.0" },
    servers: [{ url: base }],
    paths: {
      "/orders/{id}": {
        parameters: [{ name: "id", in: "path", required: true, description: "Número do pedido", schema: { type: "string" } }],
        get: {
          operationId: "consultarPedido",
          summary: "Consulta um pedido",
          description: "Retorna status e itens do pedido",
          parameters: [{ name: "detalhes", in: "query", required: false, schema: { type: "boolean" }, description: "Inclui os itens" }],
          responses: { "200": { description: "Pedido encontrado" }, "404": { description: "Pedido inexistente" } },
        },
      },
      "/leads": {
        post: {
          operationId: "criarLead",
          summary: "Cadastra um lead",
          requestBody: { required: true, content: { "application/json": { schema: { $ref: "#/components/schemas/Lead" } } } },
          responses: { "201": { description: "Lead criado" } },
        },
      },
      "/products": {
        get: {
          summary: "Busca produtos",
          parameters: [
            { name: "q", in: "query", required: true, schema: { type: "string" } },
            { name: "limite", in: "query", schema: { type: "integer" } },
          ],
          responses: { "200": { description: "Lista" } },
        },
      },
    },
    components: {
      schemas: {
        Lead: {
          type: "object",
          required: ["nome", "email"],
          properties: { nome: { type: "string", description: "Nome do cliente" }, email: { type: "string", format: "email" }, origem: { $ref: "#/components/schemas/Origem" } },
        },
        Origem: { type: "string", enum: ["site", "whatsapp"] },
      },
    },
  };
}

export function swaggerDoc(host: string) {
  return {
    swagger: "2.0",
    info: { title: "Loja Legada", version: "1" },
    host,
    basePath: "/",
    schemes: ["http"],
    paths: {
      "/customers/{customerId}": {
        get: {
          operationId: "getCustomer",
          summary: "Busca um cliente",
          parameters: [
            { name: "customerId", in: "path", required: true, type: "integer", description: "Código do cliente" },
            { name: "fields", in: "query", type: "string" },
          ],
          responses: { "200": { description: "OK" } },
        },
      },
      "/customers": {
        post: {
          operationId: "createCustomer",
          parameters: [{ name: "body", in: "body", required: true, schema: { $ref: "#/definitions/Customer" } }],
          responses: { "201": { description: "Criado" } },
        },
      },
    },
    definitions: { Customer: { type: "object", properties: { name: { type: "string" }, phone: { type: "string" } } } },
  };
}

export async function startShopApi(opts: { port?: number } = {}) {
  const requests: ShopRequest[] = [];
  const failures: number[] = [];
  /** docDelayMs: the documents answer late (to observe discovery_in_progress). */
  const settings: { auth: ShopAuth; tokenTtlS: number; docDelayMs: number } = { auth: null, tokenTtlS: 3600, docDelayMs: 0 };
  const issued = new Set<string>();
  let tokenSeq = 0;

  const authorized = (req: Request) => {
    const auth = settings.auth;
    if (!auth) return true;
    if ("oauth" in auth) return issued.has((req.headers.get("authorization") ?? "").replace(/^Bearer /, ""));
    return req.headers.get(auth.header) === auth.value;
  };

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
        // form bodies stay text
      }
      const query: Record<string, string[]> = {};
      for (const [k, v] of url.searchParams) query[k] = [...(query[k] ?? []), v];
      const path = url.pathname;
      if (path.startsWith("/__control/")) return control(path);
      requests.push({ method: req.method, path, query, headers: Object.fromEntries(req.headers.entries()), body });
      const base = `http://${url.host}`;
      if (/^\/(openapi|swagger)\.json$/.test(path) && settings.docDelayMs) await Bun.sleep(settings.docDelayMs);
      if (path === "/openapi.json") return Response.json(openApiDoc(base));
      if (path === "/swagger.json") return Response.json(swaggerDoc(url.host));
      if (path === "/oauth/token" && req.method === "POST") {
        const form = new URLSearchParams(String(raw));
        const want = settings.auth && "oauth" in settings.auth ? settings.auth.oauth : null;
        if (form.get("grant_type") !== "client_credentials" || !want || form.get("client_id") !== want.clientId || form.get("client_secret") !== want.clientSecret) {
          return Response.json({ error: "invalid_client" }, { status: 401 });
        }
        const token = `tok-${++tokenSeq}`;
        issued.add(token);
        return Response.json({ access_token: token, token_type: "Bearer", expires_in: settings.tokenTtlS });
      }
      const failure = failures.shift();
      if (failure) return Response.json({ erro: "falha simulada" }, { status: failure });
      if (!authorized(req)) return Response.json({ erro: "não autorizado" }, { status: 401 });
      const order = /^\/orders\/([^/]+)$/.exec(path);
      if (order && req.method === "GET") {
        const id = decodeURIComponent(order[1] ?? "");
        if (id === "404") return Response.json({ erro: "pedido não encontrado" }, { status: 404 });
        return Response.json({ id, status: "enviado", previsao: "2025-07-10", itens: query.detalhes?.[0] === "true" ? [{ sku: "CAM-01", qtd: 2 }] : undefined });
      }
      if (path === "/leads" && req.method === "POST") return Response.json({ id: `lead-${requests.length}`, ...(body as object) }, { status: 201 });
      if (path === "/products" && req.method === "GET") return Response.json({ itens: [{ nome: `Camiseta ${query.q?.[0] ?? ""}`.trim(), preco: 59.9 }] });
      return Response.json({ erro: "rota inexistente" }, { status: 404 });
    },
  });

  /** For the browser tests' separate process: what the API received. */
  function control(path: string) {
    if (path === "/__control/health") return Response.json({ ok: true });
    if (path === "/__control/requests") return Response.json(requests);
    return Response.json({ erro: "controle inexistente" }, { status: 404 });
  }

  const host = `127.0.0.1:${server.port}`;
  return {
    host,
    url: `http://${host}`,
    requests,
    settings,
    /** Business calls (not documents nor tokens). */
    calls: () => requests.filter((r) => !/^\/(openapi|swagger)\.|^\/oauth\//.test(r.path)),
    tokenRequests: () => requests.filter((r) => r.path === "/oauth/token"),
    failNext: (...statuses: number[]) => failures.push(...statuses),
    reset: () => {
      requests.length = 0;
      failures.length = 0;
    },
    stop: () => server.stop(true),
  };
}
