import type { Context as HonoContext } from "hono";
import type { HonoEnv } from "../src/api/context";

/** tRPC context = what the Hono middleware already resolved (deps, meta, session). */
export function createTrpcContext(c: HonoContext<HonoEnv>) {
  return { deps: c.get("deps"), meta: c.get("meta"), session: c.get("session") };
}
export type TrpcContext = ReturnType<typeof createTrpcContext>;
