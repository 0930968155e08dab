import { trpcServer } from "@hono/trpc-server";
import { type AnyTRPCRouter, TRPCError } from "@trpc/server";
import {
  getAcceptHeader,
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
  middlewareMarker,
  transformTRPCResponse,
} from "@trpc/server/unstable-core-do-not-import";
import type { Context, MiddlewareHandler } from "hono";
import type { HonoEnv } from "./context";

type Options<R extends AnyTRPCRouter> = {
  endpoint: string;
  router: R;
  createContext: (c: Context<HonoEnv>) => Record<string, unknown>;
};

/** The headers tRPC's fetch adapter gives a single call's JSON answer (no responseMeta here). */
const JSON_HEADERS = { vary: "trpc-accept, accept", "content-type": "application/json" };

const STREAM_REFUSED = "Cannot use stream-like response in non-streaming request - use httpBatchStreamLink";

/** Same test as tRPC's: a plain object that holds promises or async iterables cannot go out as JSON. */
const isDataStream = (v: unknown) =>
  isObject(v) && (isAsyncIterable(v) || Object.values(v).some(isPromise) || Object.values(v).some(isAsyncIterable));

/**
 * The tRPC mount. A single GET query (the SPA's page loads) goes through a lean path that calls the
 * procedure and writes exactly what tRPC's fetch adapter writes (envelope, error shape through the
 * router's errorFormatter, status, headers); its per-call copies, URL parsing and signal merging were
 * ~80 µs of an authenticated query (bench/http.ts). Anything else, or anything the lean path does not
 * recognise (batch, streaming, unknown path, undecodable input), goes to the stock adapter unchanged.
 */
export function trpcMount<R extends AnyTRPCRouter>(opts: Options<R>): MiddlewareHandler<HonoEnv> {
  const stock = trpcServer({ endpoint: opts.endpoint, router: opts.router, createContext: (_o, c) => opts.createContext(c as never) });
  const config = opts.router._def._config;
  const procedures = opts.router._def.procedures as Record<string, unknown>;
  const prefix = `${opts.endpoint}/`;

  return async (c, next) => {
    const call = c.req.method === "GET" ? leanCall(c.req.raw) : null;
    if (!call) return stock(c, next);
    const ctx = { ...opts.createContext(c), env: c.env };
    let inputRead = false;
    const getRawInput = async () => {
      inputRead = true;
      return call.input;
    };
    let data: unknown;
    try {
      data = await invoke(call.proc, { path: call.path, getRawInput, ctx, type: "query", signal: c.req.raw.signal, batchIndex: 0 });
    } catch (cause) {
      return errorResponse(cause, ctx, call.path, inputRead ? call.input : undefined);
    }
    try {
      if (isDataStream(data)) throw new TRPCError({ code: "UNSUPPORTED_MEDIA_TYPE", message: STREAM_REFUSED });
      // What transformTRPCResponse makes of a success, without its copies.
      return new Response(JSON.stringify({ result: { data: config.transformer.output.serialize(data) } }), { status: 200, headers: JSON_HEADERS });
    } catch (cause) {
      // tRPC's outer catch: its shape names neither path nor input.
      return errorResponse(cause, ctx, undefined, undefined);
    }
  };

  function errorResponse(cause: unknown, ctx: Record<string, unknown>, path: string | undefined, input: unknown) {
    const body = { error: getErrorShape({ config, ctx, error: getTRPCErrorFromUnknown(cause), input, path, type: "query" }) };
    return new Response(JSON.stringify(transformTRPCResponse(config, body)), { status: getHTTPStatusCode(body), headers: JSON_HEADERS });
  }

  /** The call when the request is one plain query the lean path answers like the stock one, else null. */
  function leanCall(req: Request): { path: string; proc: LeanProcedure; input: unknown } | null {
    if (getAcceptHeader(req.headers) !== null) return null;
    const contentType = req.headers.get("content-type");
    if (contentType !== null && contentType.split(";", 1)[0]?.trim().toLowerCase() !== "application/json") return null;
    const url = req.url;
    const start = url.indexOf("/", url.indexOf("://") + 3);
    const q = url.indexOf("?", start);
    const pathname = url.slice(start, q === -1 ? undefined : q);
    if (start === -1 || !pathname.startsWith(prefix)) return null;
    const path = pathname.slice(prefix.length);
    // Encoded, nested or comma-joined paths, and names on Object.prototype, are the stock adapter's to judge.
    if (path.includes("%") || path.includes("/") || path.includes(",") || !Object.hasOwn(procedures, path)) return null;
    const proc = procedures[path] as LeanProcedure | undefined;
    if (typeof proc !== "function" || proc._def.type !== "query") return null;
    if (q === -1) return { path, proc, input: undefined };
    const params = new URLSearchParams(url.slice(q + 1));
    if (params.has("batch") || params.has("connectionParams")) return null;
    const raw = params.get("input");
    if (!raw) return { path, proc, input: undefined };
    try {
      return { path, proc, input: config.transformer.input.deserialize(JSON.parse(raw)) };
    } catch {
      return null; // the stock adapter answers an undecodable input with its own error
    }
  }
}

type CallOpts = {
  path: string;
  getRawInput: () => Promise<unknown>;
  ctx: Record<string, unknown>;
  type: "query";
  signal: AbortSignal;
  batchIndex: number;
  input?: unknown;
};
type NextOpts = { ctx?: Record<string, unknown>; input?: unknown; getRawInput?: () => Promise<unknown> };
type Result = { ok: true; data: unknown } | { ok: false; error: TRPCError };
type Middleware = (opts: CallOpts & { meta: unknown; next: (o?: NextOpts) => Promise<Result> }) => Promise<Result>;
type LeanProcedure = ((opts: CallOpts) => Promise<unknown>) & {
  _def: { type: string; middlewares?: Middleware[]; meta?: unknown; caller?: unknown };
};

/**
 * Calls a procedure as @trpc/server 11.22's own caller does (createProcedureCaller/callRecursive:
 * every middleware in order, the same options, ctx merged the same way, a throw turned into a
 * failed result), with native spreads: its defineProperty copies were ~15% of a cached query's CPU.
 */
async function invoke(proc: LeanProcedure, opts: CallOpts): Promise<unknown> {
  const { middlewares, meta, caller } = proc._def;
  if (!Array.isArray(middlewares) || caller) return proc(opts);
  const result = await callFrom(middlewares, meta, 0, opts);
  if (!result) throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "No result from middlewares - did you forget to `return next()`?" });
  if (!result.ok) throw result.error;
  return result.data;
}

async function callFrom(middlewares: Middleware[], meta: unknown, index: number, opts: CallOpts): Promise<Result> {
  try {
    const middleware = middlewares[index] as Middleware;
    return await middleware({
      ...opts,
      meta,
      input: opts.input,
      next: (n?: NextOpts) =>
        callFrom(middlewares, meta, index + 1, {
          ...opts,
          ctx: n?.ctx ? { ...opts.ctx, ...n.ctx } : opts.ctx,
          input: n && "input" in n ? n.input : opts.input,
          getRawInput: n?.getRawInput ?? opts.getRawInput,
        }),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker } as Result;
  }
}
