/**
 * The SPA's pages. Outside dev mode they come from the build (src/web-build: built once, never on
 * a request), whose hashed assets Bun.serve answers under /assets/ precompressed. In dev mode
 * (npm run dev) Bun bundles the HTML imports itself, with hot reload, at unguessable paths from
 * which each page is fetched per request. Either way every client-side route is answered here,
 * with the security headers and a frame-ancestors per page.
 */
import type { Context } from "hono";
import { randomToken } from "../lib/crypto";
import { AppError } from "../lib/errors";
import { embedFrameAncestors } from "../lib/embed-origin";
import type { BuiltWeb, PageKind, ShellPage } from "../web-build/assets";
import { activeAgent } from "../services/agent-cache";
import type { AppDeps } from "../services/context";
import type { HonoEnv } from "./context";
import { spaPolicy } from "./security-headers";

export type SpaShell = {
  /** Routes Bun.serve answers before the app: the built assets, or the dev bundles. */
  routes: Record<string, Bun.HTMLBundle | ((req: Request) => Response)>;
  /** Tells the shell where the server listens (after Bun.serve). */
  attach: (server: { hostname?: string; port?: number }) => void;
  load: (kind: PageKind, path: string) => Promise<ShellPage>;
  dev: boolean;
};

/** /chat/{id} is a page of its own (web/chat.html, light for the business's customers); the rest is the app. */
export const pageKind = (path: string): PageKind => (path.startsWith("/chat/") ? "chat" : "app");

/** The built SPA: pages read once, assets answered by Bun.serve without passing through the app. */
export function builtSpaShell(web: BuiltWeb): SpaShell {
  return { routes: { "/assets/*": web.asset }, attach: () => {}, load: web.page, dev: false };
}

/** The listening address as seen from this process (a wildcard bind is reached on loopback). */
function loopbackOrigin(server: { hostname?: string; port?: number }) {
  const host = server.hostname ?? "";
  const reachable = host === "" || host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${server.port ?? 0}`;
}

/** Dev mode: Bun bundles (and rebundles on change) the two HTML imports; each page is fetched per request. */
export function devSpaShell(bundles: Record<PageKind, Bun.HTMLBundle>): SpaShell {
  const paths: Record<PageKind, string> = { app: `/_spa/${randomToken(18)}`, chat: `/_spa/${randomToken(18)}` };
  let origin: string | null = null;
  return {
    routes: { [paths.app]: bundles.app, [paths.chat]: bundles.chat },
    dev: true,
    attach: (server) => {
      origin = loopbackOrigin(server);
    },
    load: async (kind) => {
      if (!origin) throw new Error("SPA shell used before the server listens");
      const res = await fetch(`${origin}${paths[kind]}`);
      if (!res.ok) throw new Error(`SPA shell answered ${res.status}`);
      const html = await res.text();
      return { html, etag: res.headers.get("etag") ?? `"${Bun.hash(html).toString(36)}"` };
    },
  };
}

/** The active agent of a /chat/{id} page, or null (another page, or no such active agent). */
async function chatAgent(deps: AppDeps, path: string) {
  const id = /^\/chat\/([^/]+)/.exec(path)?.[1];
  if (!id) return null;
  return activeAgent(deps, id).catch((e: unknown) => {
    if (e instanceof AppError && e.code === "NOT_FOUND") return null;
    // Blocked by the platform or owner suspended: the page still renders and says why (getPublicAgent).
    if (e instanceof AppError && e.details?.unavailable) return activeAgent(deps, id, { allowInactive: true, allowUnavailable: true });
    throw e;
  });
}

const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The chat page carries what GET /api/v1/public/agents/{id} would answer (read by
 * web/features/public-chat/hooks/use-public-agent.ts): the visitor's first paint waits for no
 * request after the scripts. A meta tag, not a script: the policy allows no inline script.
 */
async function withAgent(deps: AppDeps, page: ShellPage, agentId: string): Promise<ShellPage> {
  // The chat service (and the runtime behind it) loads with the first chat page, not at start.
  const { getPublicAgent } = await import("../services/web-chat");
  const data = escapeAttr(JSON.stringify(await getPublicAgent(deps, agentId)));
  const html = page.html.replace("</head>", `<meta name="atenda-agent" content="${data}"></head>`);
  return { html, etag: `"${Bun.hash(html).toString(36)}"` };
}

/** A GET for a path that is no API route is a page of the SPA (client-side routing). */
export const isSpaPage = (method: string, path: string) =>
  (method === "GET" || method === "HEAD") && !/^\/(api|trpc|webhooks|assets)(\/|$)/.test(path) && path !== "/widget.js";

export function spaPage(deps: AppDeps, shell: SpaShell) {
  const policy = spaPolicy(shell.dev);
  return async (c: Context<HonoEnv>) => {
    const kind = pageKind(c.req.path);
    const agent = kind === "chat" ? await chatAgent(deps, c.req.path) : null;
    const shellPage = await shell.load(kind, c.req.path);
    const page = agent ? await withAgent(deps, shellPage, agent.id) : shellPage;
    // /chat/{id} may be framed by the agent's allowed sites; every other page by none.
    const ancestors = agent ? embedFrameAncestors(agent.allowedDomains ?? []) : ["'none'"];
    c.header("Content-Security-Policy", `${policy}; frame-ancestors ${ancestors.join(" ")}`);
    c.header("Cache-Control", "no-cache");
    c.header("ETag", page.etag);
    if (c.req.header("if-none-match") === page.etag) return c.body(null, 304);
    return c.html(page.html);
  };
}
