/**
 * src/api/lazy-routes.ts: a route module mounted lazily must answer exactly as if it were mounted
 * with app.route — same session and body, same fall-through, same error mapping, cookies the outer
 * middleware set kept — and be imported once, on its first request, not at start.
 */
import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { allRoutes, mountLazy } from "../src/api/lazy-routes";
import type { HonoEnv } from "../src/api/context";
import { toHttpError } from "../src/api/errors";
import { AppError } from "../src/lib/errors";

/** An outer app shaped like src/app.ts: a middleware that reads the body and sets the session first. */
function outerApp() {
  const app = new Hono<HonoEnv>();
  app.onError((err, c) => toHttpError(err, c));
  app.use("*", async (c, next) => {
    // Like src/api/body-limit.ts: the body is read here once, and later readers take the cached bytes.
    if (c.req.raw.body) {
      const bytes = await c.req.raw.arrayBuffer();
      (c.req.bodyCache as { arrayBuffer?: Promise<ArrayBuffer> }).arrayBuffer = Promise.resolve(bytes);
    }
    c.set("sessionToken", c.req.header("x-token") ?? null);
    setCookie(c, "atenda_csrf", "issued-before-the-handler", { path: "/" });
    await next();
  });
  return app;
}

function itemsModule() {
  return new Hono<HonoEnv>()
    .get("/:id", (c) => c.json({ id: c.req.param("id"), token: c.get("sessionToken") }))
    .post("/", async (c) => c.json({ got: await c.req.json() }, 201))
    .delete("/:id", () => {
      throw new AppError("FORBIDDEN", "Sem permissão");
    });
}

describe("lazy route mounts", () => {
  test("the module is imported on the first request only, and answers with the session the outer middleware set", async () => {
    const app = outerApp();
    let imports = 0;
    mountLazy(app, "/api/items", async () => {
      imports++;
      return itemsModule();
    });
    expect(imports).toBe(0);
    const first = await app.request("/api/items/7", { headers: { "x-token": "abc" } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ id: "7", token: "abc" });
    await app.request("/api/items/8");
    expect(imports).toBe(1);
  });

  test("a body the outer middleware already read reaches the module; the cookie it set stays on the answer", async () => {
    const app = outerApp();
    mountLazy(app, "/api/items", async () => itemsModule());
    const res = await app.request("/api/items", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Ana" }) });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ got: { name: "Ana" } });
    expect(res.headers.get("set-cookie")).toContain("atenda_csrf=issued-before-the-handler");
  });

  test("an error thrown in the module gets the API's error body and status", async () => {
    const app = outerApp();
    mountLazy(app, "/api/items", async () => itemsModule());
    const res = await app.request("/api/items/1", { method: "DELETE" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: "FORBIDDEN", message: "Sem permissão" } });
  });

  test("a path the first module does not know falls through to the next mount, then to the app's not-found", async () => {
    const app = outerApp();
    app.notFound((c) => c.json({ error: { code: "NOT_FOUND", message: "Rota não encontrada" } }, 404));
    mountLazy(app, "/api/admin/academy", async () => new Hono<HonoEnv>().get("/courses", (c) => c.text("courses")));
    mountLazy(app, "/api/admin", async () => new Hono<HonoEnv>().get("/academy/stats", (c) => c.text("stats from admin")));
    expect(await (await app.request("/api/admin/academy/courses")).text()).toBe("courses");
    expect(await (await app.request("/api/admin/academy/stats")).text()).toBe("stats from admin");
    const missing = await app.request("/api/admin/nothing");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    expect(missing.headers.has("x-atenda-unmatched")).toBe(false);
  });

  test("a failed import answers 500 and is tried again by the next request", async () => {
    const app = outerApp();
    let attempts = 0;
    mountLazy(app, "/api/items", async () => {
      attempts++;
      if (attempts === 1) throw new Error("chunk unreadable");
      return itemsModule();
    });
    expect((await app.request("/api/items/1")).status).toBe(500);
    expect((await app.request("/api/items/1")).status).toBe(200);
  });

  test("allRoutes lists the lazily mounted routes with their full paths, not the placeholders", async () => {
    const app = outerApp();
    app.get("/api/health", (c) => c.text("ok"));
    mountLazy(app, "/api/items", async () => itemsModule());
    const keys = (await allRoutes(app)).filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`);
    expect(keys.sort()).toEqual(["DELETE /api/items/:id", "GET /api/health", "GET /api/items/:id", "POST /api/items"]);
  });
});
