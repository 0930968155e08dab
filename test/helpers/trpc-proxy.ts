/**
 * The typed way tests call procedures: a real createTRPCClient<AppRouter> over the test Client's
 * cookie jar, so a renamed procedure or a changed input breaks the build, not production.
 * Each call settles into a TrpcResult (ok/status/data/error) instead of throwing, because most
 * tests assert refusals as often as successes.
 */
import { TRPCClientError, type TRPCClient, createTRPCClient, httpLink } from "@trpc/client";
import type { inferRouterInputs } from "@trpc/server";
import superjson from "superjson";
import type { AppRouter } from "../../routers/_app";
import type { TrpcResult } from "./client";

/** Every `query`/`mutate` of the tRPC client, answering a TrpcResult of its output. */
export type Settled<T> = T extends (input: infer I, ...rest: infer _R) => Promise<infer O>
  ? (input: I) => Promise<TrpcResult<O>>
  : T extends (...args: infer A) => Promise<infer O>
    ? (...args: A) => Promise<TrpcResult<O>>
    : T extends object
      ? { [K in keyof T]: Settled<T[K]> }
      : T;

export type SettledClient = Settled<TRPCClient<AppRouter>>;

type ErrorData = { code?: string; httpStatus?: number; appCode?: string };

function settle<O>(call: Promise<O>): Promise<TrpcResult<O>> {
  return call.then(
    (data) => ({ status: 200, ok: true, data, error: null }),
    (e: unknown) => {
      if (!(e instanceof TRPCClientError)) throw e;
      const data = (e.data ?? {}) as ErrorData;
      const status = data.httpStatus ?? 500;
      return {
        status,
        ok: false,
        data: undefined as O,
        error: { message: e.message, code: data.code ?? "UNKNOWN", httpStatus: status, appCode: data.appCode },
      };
    },
  );
}

/** Wraps the real client's proxy: walks the same path and settles the final query/mutate call. */
function settledProxy(target: unknown): unknown {
  return new Proxy(() => undefined, {
    get: (_t, key) => settledProxy((target as Record<PropertyKey, unknown>)[key]),
    apply: (_t, _this, args: unknown[]) => settle((target as (...a: unknown[]) => Promise<unknown>)(...args)),
  });
}

export function createSettledClient(base: string, fetchWithJar: typeof fetch): SettledClient {
  const client = createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${base}/trpc`, transformer: superjson, fetch: fetchWithJar })],
  });
  return settledProxy(client) as SettledClient;
}

/** What each procedure takes, for test helpers that build inputs (`Inputs["notion"]["save"]["config"]`). */
export type Inputs = inferRouterInputs<AppRouter>;
