/** Double-submit CSRF (api-contract): cookie-authenticated writes need x-csrf-token = atenda_csrf. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type TestApp, startTestApp } from "./helpers/app";
import { type Client, must } from "./helpers/client";
import { type PublicUser, registerUser } from "./helpers/factories";

const CSRF_MESSAGE = "Token CSRF inválido ou ausente. Recarregue a página e tente novamente.";

let app: TestApp;
let client: Client;
let user: PublicUser;
beforeAll(async () => {
  app = await startTestApp();
  ({ client, user } = await registerUser(app));
});
afterAll(() => app.stop());

const workspaceNames = async () => (await client.get<{ name: string }[]>("/api/v1/workspaces")).data.map((w) => w.name);

describe("[csrf]", () => {
  for (const [label, csrf] of [
    ["missing", false],
    ["wrong", "token-errado"],
    ["empty", ""],
  ] as const) {
    test(`REST write with the token ${label} is 403 and creates nothing`, async () => {
      const before = await workspaceNames();
      const res = await client.request("POST", "/api/v1/workspaces", {
        body: { name: "Loja Invasora", description: "Criado pelo usuário" },
        csrf,
        headers: csrf === "" ? { "x-csrf-token": "" } : {},
      });
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: "FORBIDDEN", message: CSRF_MESSAGE });
      expect(await workspaceNames()).toEqual(before);
    });
  }

  test("tRPC mutation without the token is 403 and creates nothing", async () => {
    const before = await workspaceNames();
    const res = await client.mutate("workspaces.create", { name: "Loja tRPC", description: "" }, { csrf: false });
    expect(res.status).toBe(403);
    expect(await workspaceNames()).toEqual(before);
  });

  test("switching or logging out without the token is refused and the session is unchanged", async () => {
    const other = await client.post<{ id: string }>("/api/v1/workspaces", { name: "Segunda Loja", description: "Criado pelo usuário" });
    expect(other.status).toBe(201);
    const sw = await client.post(`/api/v1/workspaces/${other.data.id}/switch`, undefined, { csrf: false });
    expect(sw.status).toBe(403);
    const logout = await client.post("/api/v1/auth/logout", undefined, { csrf: false });
    expect(logout.status).toBe(403);
    const me = await client.get<PublicUser>("/api/v1/auth/user");
    expect(me.status).toBe(200);
    expect(me.data.currentWorkspaceId).toBe(user.currentWorkspaceId);
  });

  test("a token from another browser's cookie does not pass", async () => {
    const { client: mallory } = await registerUser(app);
    const foreign = mallory.cookie("atenda_csrf")?.value;
    expect(foreign).toBeDefined();
    const res = await client.post("/api/v1/workspaces", { name: "Loja Cruzada" }, { csrf: foreign });
    expect(res.status).toBe(403);
  });

  test("reads need no token (REST and tRPC)", async () => {
    expect((await client.get("/api/v1/workspaces", { csrf: false })).status).toBe(200);
    expect((await client.get("/api/v1/auth/user", { csrf: false })).status).toBe(200);
    const me = await client.trpc.auth.me.query();
    expect(me.ok).toBe(true);
    expect(me.data?.id).toBe(user.id);
  });

  test("a tRPC mutation with the right token passes", async () => {
    const res = await client.trpc.workspaces.switch.mutate({ id: must(user.currentWorkspaceId) });
    expect(res.status).toBe(200);
    expect(res.data.workspaceId).toBe(String(user.currentWorkspaceId));
  });
});
