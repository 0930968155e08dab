/**
 * Issue 12 #6: a single GET query takes a lean path in the tRPC mount (src/api/trpc-mount.ts). What
 * the SPA receives must not change: every answer (data, errors, refusals, what the lean path hands
 * to the stock adapter) is compared byte for byte with tRPC's own fetch adapter on the same request.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { trpcServer } from "@hono/trpc-server";
import { Hono } from "hono";
import superjson from "superjson";
import { appRouter } from "../routers/_app";
import { createTrpcContext } from "../routers/context";
import { publicProcedure, router } from "../routers/trpc";
import type { HonoEnv } from "../src/api/context";
import { toHttpError } from "../src/api/errors";
import { csrfMiddleware, sessionMiddleware } from "../src/api/middleware";
import { trpcMount } from "../src/api/trpc-mount";
import { AppError } from "../src/lib/errors";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { registerUser } from "./helpers/factories";
import { inviteMember } from "./helpers/training";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

/** Procedures that answer what the product's seldom do: a date, an unexpected throw, a stream. */
const signals: AbortSignal[] = [];
const probeRouter = router({
  dated: publicProcedure.query(({ signal }) => {
    if (signal) signals.push(signal);
    return { at: new Date(1_700_000_000_000), n: 1 };
  }),
  boom: publicProcedure.query(() => {
    throw new Error("detalhe interno que não pode vazar");
  }),
  refused: publicProcedure.query(() => {
    throw new AppError("FORBIDDEN", "Sem permissão");
  }),
  streamy: publicProcedure.query(() => ({ later: Promise.resolve(1) })),
});

type AnyRouter = typeof appRouter | typeof probeRouter;
const createContext = (c: Parameters<typeof createTrpcContext>[0]) => createTrpcContext(c);

/** The app's /trpc chain (session, CSRF) over either mount. */
function mounted(routerUnderTest: AnyRouter, lean: boolean) {
  const a = new Hono<HonoEnv>();
  a.onError((err, c) => toHttpError(err, c));
  a.use("/trpc/*", sessionMiddleware(app.deps), csrfMiddleware(app.deps));
  a.use(
    "/trpc/*",
    lean
      ? trpcMount({ endpoint: "/trpc", router: routerUnderTest, createContext })
      : trpcServer({ endpoint: "/trpc", router: routerUnderTest, createContext: (_o, c) => createContext(c as never) }),
  );
  return a;
}

const cookieOf = (c: Client | null) =>
  c
    ? [...c.jar.entries()].map(([k, v]) => `${k}=${encodeURIComponent(v.value)}`).join("; ")
    : "";
const input = (value: unknown) => `input=${encodeURIComponent(JSON.stringify(superjson.serialize(value)))}`;

/** One request through both mounts: status, the headers tRPC sets, and the body must be identical. */
async function same(routerUnderTest: AnyRouter, path: string, who: Client | null, init: { method?: string; headers?: Record<string, string> } = {}) {
  const answer = async (lean: boolean) => {
    const headers = { ...init.headers, ...(who ? { cookie: cookieOf(who) } : {}) };
    const res = await mounted(routerUnderTest, lean).fetch(new Request(`http://localhost${path}`, { method: init.method ?? "GET", headers }));
    return { status: res.status, type: res.headers.get("content-type"), vary: res.headers.get("vary"), body: await res.text() };
  };
  const [lean, stock] = [await answer(true), await answer(false)];
  expect(lean).toEqual(stock);
  return lean;
}

describe("[perf] tRPC lean query path: the wire is tRPC's own", () => {
  test("query results: a list, the current workspace, an agent with input (superjson dates)", async () => {
    const o = await ownerWithAgent(app);
    const list = await same(appRouter, "/trpc/workspaces.list", o.client);
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body).result.data.json[0].id).toBe(o.workspaceId);
    expect((await same(appRouter, "/trpc/workspaces.current", o.client)).status).toBe(200);
    const agent = await same(appRouter, `/trpc/agents.get?${input({ id: o.agent.id })}`, o.client);
    expect(agent.status).toBe(200);
    expect(JSON.parse(agent.body).result.data.json.name).toBe("Ana Atendente");
    expect((await same(probeRouter, "/trpc/dated", null)).body).toContain('"meta"');
  });

  test("errors: signed out, another workspace's agent, invalid input, a missing permission, a crash", async () => {
    const o = await ownerWithAgent(app);
    const stranger = await registerUser(app);
    const member = await inviteMember(app, o.client, {});
    await member.client.trpc.workspaces.switch.mutate({ id: o.workspaceId });

    const signedOut = await same(appRouter, "/trpc/workspaces.list", null);
    expect(signedOut.status).toBe(401);
    const foreign = await same(appRouter, `/trpc/agents.get?${input({ id: o.agent.id })}`, stranger.client);
    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.body).error.json.data.appCode).toBe("NOT_FOUND");
    const invalid = await same(appRouter, `/trpc/agents.get?${input({ id: "nao-e-uuid" })}`, o.client);
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body).error.json).toMatchObject({ message: "ID inválido", data: { field: "id" } });
    const refused = await same(appRouter, "/trpc/workspaces.invitations.list", member.client);
    expect(refused.status).toBe(403);
    expect((await same(probeRouter, "/trpc/refused", null)).status).toBe(403);

    const crash = await same(probeRouter, "/trpc/boom", null);
    expect(crash.status).toBe(500);
    expect(crash.body).not.toContain("detalhe interno");
    expect((await same(probeRouter, "/trpc/streamy", null)).status).toBe(415);
  });

  test("what the lean path leaves to tRPC answers as before: batches, bad input, unknown paths, methods", async () => {
    const o = await ownerWithAgent(app);
    const batch = await same(appRouter, "/trpc/workspaces.list,workspaces.current?batch=1&input=%7B%7D", o.client);
    expect(batch.status).toBe(200);
    expect(JSON.parse(batch.body)).toHaveLength(2);
    expect((await same(appRouter, "/trpc/agents.get?input=%7Bquebrado", o.client)).status).toBe(400);
    expect((await same(appRouter, "/trpc/agents.nada", o.client)).status).toBe(404);
    expect((await same(appRouter, "/trpc/constructor", o.client)).status).toBe(404);
    expect((await same(appRouter, "/trpc/workspaces.create", o.client)).status).toBe(405);
    expect((await same(appRouter, "/trpc/workspaces.list", o.client, { method: "HEAD" })).status).toBe(204);
    expect((await same(appRouter, "/trpc/workspaces.list", o.client, { headers: { "trpc-accept": "application/jsonl" } })).status).toBe(400);
    expect((await same(appRouter, "/trpc/workspaces.list", o.client, { headers: { "content-type": "text/plain" } })).status).toBe(200);
  });

  test("a single GET query is answered by the lean path (the procedure sees the request's own signal)", async () => {
    signals.length = 0;
    const request = new Request("http://localhost/trpc/dated");
    expect((await mounted(probeRouter, true).fetch(request)).status).toBe(200);
    expect(signals).toEqual([request.signal]);
    // tRPC's adapter hands the procedure a merged signal instead.
    const viaStock = new Request("http://localhost/trpc/dated");
    await mounted(probeRouter, false).fetch(viaStock);
    expect(signals[1]).not.toBe(viaStock.signal);
  });
});
