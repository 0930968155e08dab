/**
 * The SPA's pages. Bun bundles web/index.html (an HTML import) and serves the page and its hashed
 * assets from its own routes, where no middleware runs. So the bundle is mounted at an unguessable
 * path, its page is fetched from there once (per request in dev mode, which rebundles) and every
 * client-side route is answered here, with the security headers and a frame-ancestors per page.
 */
import type { Context } from "hono";
import { randomToken } from "../lib/crypto";
import { AppError } from "../lib/errors";
import { embedFrameAncestors } from "../lib/embed-origin";
import { activeAgent } from "../services/agent-cache";
import type { AppDeps } from "../services/context";
import type { HonoEnv } from "./context";
import { spaPolicy } from "./security-headers";

type ShellPage = { html: string; etag: string };

export type SpaShell = {
  /** Where Bun.serve mounts the HTML bundle. */
  path: string;
  /** Tells the shell where the server listens (after Bun.serve). */
  attach: (server: { hostname?: string; port?: number }) => void;
  load: () => Promise<ShellPage>;
  dev: boolean;
};

/** The listening address as seen from this process (a wildcard bind is reached on loopback). */
function loopbackOrigin(server: { hostname?: string; port?: number }) {
  const host = server.hostname ?? "";
  const reachable = host === "" || host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${server.port ?? 0}`;
}

export function createSpaShell(dev: boolean): SpaShell {
  const path = `/_spa/${randomToken(18)}`;
  let origin: string | null = null;
  let cached: Promise<ShellPage> | null = null;
  const fetchPage = async (): Promise<ShellPage> => {
    if (!origin) throw new Error("SPA shell used before the server listens");
    const res = await fetch(`${origin}${path}`);
    if (!res.ok) throw new Error(`SPA shell answered ${res.status}`);
    const html = await res.text();
    return { html, etag: res.headers.get("etag") ?? `"${Bun.hash(html).toString(36)}"` };
  };
  return {
    path,
    dev,
    attach: (server) => {
      origin = loopbackOrigin(server);
    },
    load: () => {
      if (dev) return fetchPage();
      cached ??= fetchPage().catch((e: unknown) => {
        cached = null; // a failed first load is retried by the next page request
        throw e;
      });
      return cached;
    },
  };
}

/** /chat/{id} may be framed by the agent's allowed sites; every other page by none. */
async function frameAncestors(deps: AppDeps, path: string): Promise<string[]> {
  const id = /^\/chat\/([^/]+)/.exec(path)?.[1];
  if (!id) return ["'none'"];
  const agent = await activeAgent(deps, id).catch((e: unknown) => {
    if (e instanceof AppError && e.code === "NOT_FOUND") return null;
    throw e;
  });
  return agent ? embedFrameAncestors(agent.allowedDomains ?? []) : ["'none'"];
}

/** A GET for a path that is no API route is a page of the SPA (client-side routing). */
export const isSpaPage = (method: string, path: string) =>
  (method === "GET" || method === "HEAD") && !/^\/(api|trpc|webhooks)(\/|$)/.test(path) && path !== "/widget.js";

export function spaPage(deps: AppDeps, shell: SpaShell) {
  const policy = spaPolicy(shell.dev);
  return async (c: Context<HonoEnv>) => {
    const page = await shell.load();
    c.header("Content-Security-Policy", `${policy}; frame-ancestors ${(await frameAncestors(deps, c.req.path)).join(" ")}`);
    c.header("Cache-Control", "no-cache");
    c.header("ETag", page.etag);
    if (c.req.header("if-none-match") === page.etag) return c.body(null, 304);
    return c.html(page.html);
  };
}
