import { Hono, type MiddlewareHandler } from "hono";
import type { RouterRoute } from "hono/types";
import type { StatusCode } from "hono/utils/http-status";
import type { HonoEnv } from "./context";
import { toHttpError } from "./errors";

/**
 * REST route modules imported on their first request (issue 12: a start evaluates only what the
 * login page needs; in the binary each module is a chunk of its own, scripts/build-bin.ts).
 *
 * Hono builds its matcher on the first request, so routes cannot be added later. A lazy mount is
 * therefore one handler on `prefix` and `prefix/*` that imports the module once and hands the request
 * to it, mounted at the same prefix in an app of its own. What the outer middleware gave the request
 * goes along: the context variables (session, meta, deps) and the body src/api/body-limit.ts already
 * read. A path the module does not know falls through to the next mount, as with `app.route`;
 * errors are answered by the same mapper (src/api/errors.ts).
 */
export type RoutesLoader = () => Promise<Hono<HonoEnv>>;

/** The inner app's "no route here": never sent, the outer handler moves on instead. */
const UNMATCHED = "x-atenda-unmatched";

type Carried = { vars: Record<string, unknown>; bodyCache: object };
const carried = new WeakMap<Request, Carried>();

type LazyMount = { prefix: string; load: () => Promise<Hono<HonoEnv>> };
const mountsOf = new WeakMap<Hono<HonoEnv>, LazyMount[]>();

/** The module's routes at `prefix`, in an app that restores what the outer app gave the request. */
function innerApp(prefix: string, routes: Hono<HonoEnv>): Hono<HonoEnv> {
  const inner = new Hono<HonoEnv>();
  inner.onError((err, c) => toHttpError(err, c));
  inner.notFound((c) => c.body(null, 404, { [UNMATCHED]: "1" }));
  inner.use("*", async (c, next) => {
    const from = carried.get(c.req.raw);
    if (from) {
      for (const [k, v] of Object.entries(from.vars)) c.set(k as keyof HonoEnv["Variables"], v as never);
      Object.assign(c.req.bodyCache, from.bodyCache);
    }
    await next();
  });
  inner.route(prefix, routes);
  return inner;
}

export function mountLazy(app: Hono<HonoEnv>, prefix: string, load: RoutesLoader): void {
  let loading: Promise<Hono<HonoEnv>> | null = null;
  // A failed import is retried by the next request rather than remembered.
  const inner = () =>
    (loading ??= load()
      .then((routes) => innerApp(prefix, routes))
      .catch((e: unknown) => {
        loading = null;
        throw e;
      }));
  const handler: MiddlewareHandler<HonoEnv> = async (c, next) => {
    const target = await inner();
    carried.set(c.req.raw, { vars: c.var as Record<string, unknown>, bodyCache: c.req.bodyCache });
    const res = await target.fetch(c.req.raw, c.env);
    if (res.headers.has(UNMATCHED)) return next();
    // Through c.newResponse: headers the outer middleware set before (the CSRF cookie) are kept.
    return c.newResponse(res.body, { status: res.status as StatusCode, statusText: res.statusText, headers: res.headers });
  };
  app.all(prefix, handler);
  app.all(`${prefix}/*`, handler);
  const mounts = mountsOf.get(app) ?? [];
  mounts.push({ prefix, load: inner });
  mountsOf.set(app, mounts);
}

/** Every route of `app`, the lazily mounted modules loaded: what the guard matrix and the fuzzing walk. */
export async function allRoutes(app: Hono<HonoEnv>): Promise<RouterRoute[]> {
  const lazy = await Promise.all((mountsOf.get(app) ?? []).map((m) => m.load()));
  const own = app.routes.filter((r) => !(mountsOf.get(app) ?? []).some((m) => r.path === m.prefix || r.path === `${m.prefix}/*`));
  return [...own, ...lazy.flatMap((inner) => inner.routes.filter((r) => !(r.method === "ALL" && r.path === "/*")))];
}
