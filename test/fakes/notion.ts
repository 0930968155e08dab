/**
 * A loopback Notion API (protocols.md §12, Notion-Version 2022-06-28) under /v1: GET /users/me,
 * POST /search, GET /pages/{id}, GET /databases/{id}, POST /pages, GET and PATCH
 * /blocks/{id}/children. Checks `Authorization: Bearer <token>` (401 unauthorized), the
 * Notion-Version header (400 missing_version) and the size limits (400 validation_error: >2000
 * characters in a rich-text item, >100 children); objects not shared with the integration are 404
 * object_not_found. Records every request (with its parsed body) and injects errors.
 */
export type NotionRequest = { method: string; path: string; headers: Record<string, string>; body: unknown };

export const NOTION_TOKEN = "ntn_fake_token_123";
export const PARENT_PAGE_ID = "11111111-1111-4111-8111-111111111111";
export const DATABASE_ID = "22222222-2222-4222-8222-222222222222";
export const MEETING_PAGE_ID = "33333333-3333-4333-8333-333333333333";
/** Exists in the workspace but was never shared with the integration. */
export const PRIVATE_PAGE_ID = "44444444-4444-4444-8444-444444444444";

type RichText = { type?: string; text?: { content?: string }; plain_text?: string };
type Block = { object: "block"; id: string; type: string; [k: string]: unknown };
type Page = { id: string; url: string; parent: Record<string, unknown>; properties: Record<string, { type: string; title: RichText[] }>; children: Block[]; shared: boolean; last_edited_time: string };

const compact = (id: string) => id.replace(/-/g, "");
const rich = (content: string): RichText[] => [{ type: "text", text: { content }, plain_text: content }];
const paragraph = (content: string, id: string): Block => ({ object: "block", id, type: "paragraph", paragraph: { rich_text: rich(content) } });
const error = (status: number, code: string, message: string) => Response.json({ object: "error", status, code, message, request_id: "req-fake" }, { status });

type Failure = { status: number; code?: string; headers?: Record<string, string> };

/** port: 0 picks a free one (bun tests); the e2e support process passes its fixed port. */
export async function startFakeNotion(opts: { port?: number } = {}) {
  const requests: NotionRequest[] = [];
  const failures: Failure[] = [];
  const settings = { token: NOTION_TOKEN, delayMs: 0 };
  let seq = 0;
  const pages = new Map<string, Page>();
  const addPage = (id: string, title: string, parent: Record<string, unknown>, children: string[], shared = true, titleKey = "title") =>
    pages.set(id, {
      id,
      url: `https://www.notion.so/${title.replace(/\W+/g, "-")}-${compact(id)}`,
      parent,
      properties: { [titleKey]: { type: "title", title: rich(title) } },
      children: children.map((c) => paragraph(c, `blk-${++seq}`)),
      shared,
      last_edited_time: new Date(Date.UTC(2025, 5, 1 + pages.size)).toISOString(),
    });
  addPage(PARENT_PAGE_ID, "Atendimentos", { type: "workspace", workspace: true }, ["Notas criadas pelo agente."]);
  addPage(MEETING_PAGE_ID, "Reunião com Ana", { type: "page_id", page_id: PARENT_PAGE_ID }, ["Ana quer 30 camisetas para o evento de julho.", "Enviar orçamento até sexta."]);
  addPage(PRIVATE_PAGE_ID, "Salários", { type: "workspace", workspace: true }, ["confidencial"], false);
  const database = { object: "database", id: DATABASE_ID, url: `https://www.notion.so/${compact(DATABASE_ID)}`, title: rich("Notas de clientes"), properties: { Nome: { id: "title", type: "title", title: {} }, Tags: { id: "t1", type: "multi_select" } } };

  const page = (id: string) => {
    const p = pages.get(id);
    return p?.shared ? p : null;
  };
  const pageObject = (p: Page) => ({ object: "page", id: p.id, url: p.url, parent: p.parent, properties: p.properties, last_edited_time: p.last_edited_time, created_time: p.last_edited_time });

  /** The validation the real API does on children: ≤100 blocks, ≤2000 characters per rich-text item. */
  function invalidChildren(children: unknown): string | null {
    if (!Array.isArray(children)) return "body.children should be an array";
    if (children.length > 100) return `body.children.length should be ≤ \`100\`, instead was \`${children.length}\`.`;
    for (const b of children as Block[]) {
      const items = ((b[b.type] as { rich_text?: RichText[] } | undefined)?.rich_text ?? []) as RichText[];
      if (items.length > 100) return "rich_text.length should be ≤ `100`";
      for (const t of items) if ((t.text?.content ?? "").length > 2000) return `body.children[].paragraph.rich_text[].text.content.length should be ≤ \`2000\`, instead was \`${(t.text?.content ?? "").length}\`.`;
    }
    return null;
  }
  const stored = (children: Block[]) => children.map((b) => ({ ...b, id: `blk-${++seq}` }));

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
        return error(400, "invalid_json", "Error parsing JSON body.");
      }
      requests.push({ method: req.method, path: url.pathname + url.search, headers: Object.fromEntries(req.headers.entries()), body });
      if (settings.delayMs) await Bun.sleep(settings.delayMs);
      const failure = failures.shift();
      if (failure) {
        const code = failure.code ?? { 400: "validation_error", 401: "unauthorized", 403: "restricted_resource", 404: "object_not_found", 409: "conflict_error", 429: "rate_limited" }[failure.status] ?? "internal_server_error";
        const res = error(failure.status, code, "falha simulada");
        for (const [k, v] of Object.entries(failure.headers ?? {})) res.headers.set(k, v);
        return res;
      }
      if (req.headers.get("authorization") !== `Bearer ${settings.token}`) return error(401, "unauthorized", "API token is invalid.");
      if (!req.headers.get("notion-version")) return error(400, "missing_version", "Notion-Version header failed validation: Notion-Version header should be defined.");
      const p = url.pathname;
      const notFound = (id: string) => error(404, "object_not_found", `Could not find page with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`);

      if (p === "/v1/users/me" && req.method === "GET") {
        return Response.json({ object: "user", id: "bot-1", type: "bot", name: "Atenda Notas", bot: { owner: { type: "workspace", workspace: true }, workspace_name: "Loja Exemplo" } });
      }
      if (p === "/v1/search" && req.method === "POST") {
        const q = String((body as { query?: string })?.query ?? "").toLowerCase();
        const results = [...pages.values()]
          .filter((x) => x.shared && (!q || (x.properties.title ?? Object.values(x.properties)[0])?.title.some((t) => (t.plain_text ?? "").toLowerCase().includes(q))))
          .sort((a, b) => b.last_edited_time.localeCompare(a.last_edited_time))
          .map(pageObject);
        return Response.json({ object: "list", results, next_cursor: null, has_more: false, type: "page_or_database", page_or_database: {} });
      }
      const pageMatch = /^\/v1\/pages\/([^/]+)$/.exec(p);
      if (pageMatch && req.method === "GET") {
        const found = page(decodeURIComponent(pageMatch[1] ?? ""));
        return found ? Response.json(pageObject(found)) : notFound(pageMatch[1] ?? "");
      }
      const dbMatch = /^\/v1\/databases\/([^/]+)$/.exec(p);
      if (dbMatch && req.method === "GET") return dbMatch[1] === DATABASE_ID ? Response.json(database) : notFound(dbMatch[1] ?? "");
      if (p === "/v1/pages" && req.method === "POST") {
        const b = body as { parent?: { page_id?: string; database_id?: string }; properties?: Record<string, { title?: RichText[] }>; children?: Block[] };
        const parentId = b?.parent?.page_id ?? b?.parent?.database_id;
        if (!parentId) return error(400, "validation_error", "body.parent should be defined.");
        if (b.parent?.database_id ? b.parent.database_id !== DATABASE_ID : !page(parentId)) return notFound(parentId);
        const titleKey = b.parent?.database_id ? "Nome" : "title";
        const title = b.properties?.[titleKey]?.title;
        if (!title) return error(400, "validation_error", `${titleKey} is not a property that exists.`);
        const invalid = invalidChildren(b.children ?? []);
        if (invalid) return error(400, "validation_error", invalid);
        const id = crypto.randomUUID();
        addPage(id, title.map((t) => t.text?.content ?? "").join(""), b.parent?.database_id ? { type: "database_id", database_id: parentId } : { type: "page_id", page_id: parentId }, [], true, titleKey);
        const created = pages.get(id) as Page;
        created.children = stored(b.children ?? []);
        return Response.json(pageObject(created));
      }
      const childrenMatch = /^\/v1\/blocks\/([^/]+)\/children$/.exec(p);
      if (childrenMatch) {
        const target = page(decodeURIComponent(childrenMatch[1] ?? ""));
        if (!target) return notFound(childrenMatch[1] ?? "");
        if (req.method === "GET") return Response.json({ object: "list", results: target.children, next_cursor: null, has_more: false, type: "block", block: {} });
        if (req.method === "PATCH") {
          const children = (body as { children?: Block[] })?.children;
          const invalid = invalidChildren(children);
          if (invalid) return error(400, "validation_error", invalid);
          const added = stored(children ?? []);
          target.children.push(...added);
          return Response.json({ object: "list", results: added, next_cursor: null, has_more: false, type: "block", block: {} });
        }
      }
      return error(400, "invalid_request_url", "Invalid request URL.");
    },
  });

  const host = `127.0.0.1:${server.port}`;
  return {
    host,
    /** What NOTION_API_BASE points at. */
    base: `http://${host}/v1`,
    requests,
    settings,
    pages,
    /** The page's paragraphs as plain text. */
    textOf: (id: string) =>
      (pages.get(id)?.children ?? []).map((b) => ((b[b.type] as { rich_text?: RichText[] } | undefined)?.rich_text ?? []).map((t) => t.text?.content ?? t.plain_text ?? "").join("")),
    failNext: (...f: Failure[]) => failures.push(...f),
    stop: () => server.stop(true),
  };
}
