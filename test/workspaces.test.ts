/** Workspace list, create (plan limit), switch, and the dashboard (SPEC §3 Dashboard, §7, §8 Workspaces). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client, must } from "./helpers/client";
import { PASSWORD, type PublicUser, loginAs, registerUser } from "./helpers/factories";

type WorkspaceItem = {
  id: string;
  name: string;
  description: string | null;
  ownerId: string;
  role: string;
  isCurrent: boolean;
  plan: { name: string; billingPeriod: string };
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const list = async (c: Client) => {
  const res = await c.get<WorkspaceItem[]>("/api/v1/workspaces");
  expect(res.status).toBe(200);
  return res.data;
};
const me = async (c: Client) => (await c.get<PublicUser>("/api/v1/auth/user")).data;

describe("[workspaces] list and create", () => {
  test("the list has the contract shape; anonymous is 401", async () => {
    const { client, user } = await registerUser(app, { firstName: "Carla" });
    const items = await list(client);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: user.currentWorkspaceId,
      name: "Workspace de Carla",
      ownerId: user.id,
      role: "owner",
      isCurrent: true,
      plan: { name: "Gratuito", billingPeriod: "free" },
    });
    expect(items[0]).toHaveProperty("description");
    expect((await new Client(app.base).get("/api/v1/workspaces")).status).toBe(401);
  });

  test("create answers 201 with the workspace; it is listed, not current, on the free plan", async () => {
    const { client, user } = await registerUser(app);
    const res = await client.post<{ id: string; name: string; description: string; ownerId: string }>("/api/v1/workspaces", {
      name: "  Loja Centro  ",
      description: "Criado pelo usuário",
    });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ name: "Loja Centro", description: "Criado pelo usuário", ownerId: user.id });
    const created = (await list(client)).find((w) => w.id === res.data.id);
    expect(created).toMatchObject({ name: "Loja Centro", isCurrent: false, role: "owner", plan: { name: "Gratuito" } });
    // The free credits come once per user, with the first workspace (issue 11 #13).
    const dash = await client.get<{ credits: { totalCredits: number } }>(`/api/v1/workspaces/${res.data.id}/dashboard`);
    expect(dash.data.credits.totalCredits).toBe(0);
  });

  test("a name under 2 characters is 400 'Nome deve ter pelo menos 2 caracteres' and creates nothing", async () => {
    const { client } = await registerUser(app);
    for (const name of ["A", "   ", " B "]) {
      const res = await client.post("/api/v1/workspaces", { name, description: "Criado pelo usuário" });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "VALIDATION", message: "Nome deve ter pelo menos 2 caracteres" });
    }
    expect(await list(client)).toHaveLength(1);
  });

  test("the free plan allows 2 workspaces; the 3rd is 403 with a pt-BR plan message", async () => {
    const { client } = await registerUser(app);
    expect((await client.post("/api/v1/workspaces", { name: "Segunda", description: "Criado pelo usuário" })).status).toBe(201);
    const third = await client.post("/api/v1/workspaces", { name: "Terceira", description: "Criado pelo usuário" });
    expect(third.status).toBe(403);
    expect(third.body.error).toEqual({
      code: "LIMIT_EXCEEDED",
      message: "Seu plano Gratuito permite até 2 workspaces. Atualize seu plano para criar mais.",
    });
    expect((await list(client)).map((w) => w.name)).not.toContain("Terceira");
    const viaTrpc = await client.trpc.workspaces.create.mutate({ name: "Quarta" });
    expect(viaTrpc.error?.code).toBe("FORBIDDEN");
    expect(viaTrpc.error?.message).toContain("Seu plano Gratuito permite até 2 workspaces");
  });
});

describe("[workspaces] switch", () => {
  test("switch moves the session: /auth/user and isCurrent follow, and the next login starts there", async () => {
    const { client, user, email } = await registerUser(app);
    const second = await client.post<{ id: string }>("/api/v1/workspaces", { name: "Filial", description: "Criado pelo usuário" });
    const res = await client.post<{ workspaceId: string }>(`/api/v1/workspaces/${second.data.id}/switch`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { workspaceId: second.data.id } });
    expect((await me(client)).currentWorkspaceId).toBe(second.data.id);
    const items = await list(client);
    expect(items.find((w) => w.isCurrent)?.id).toBe(second.data.id);
    expect(items.filter((w) => w.isCurrent)).toHaveLength(1);
    const again = await loginAs(app, email, PASSWORD);
    expect(again.user.currentWorkspaceId).toBe(second.data.id);
    // and back
    expect((await client.post(`/api/v1/workspaces/${user.currentWorkspaceId}/switch`)).status).toBe(200);
    expect((await me(client)).currentWorkspaceId).toBe(user.currentWorkspaceId);
  });

  test("switching to another user's workspace is 404 and leaves the session unchanged", async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const res = await a.client.post(`/api/v1/workspaces/${b.user.currentWorkspaceId}/switch`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
    expect((await me(a.client)).currentWorkspaceId).toBe(a.user.currentWorkspaceId);
    const viaTrpc = await a.client.trpc.workspaces.switch.mutate({ id: must(b.user.currentWorkspaceId) });
    expect(viaTrpc.error?.code).toBe("NOT_FOUND");
    expect((await me(a.client)).currentWorkspaceId).toBe(a.user.currentWorkspaceId);
  });

  test("a malformed or unknown id is 404, never 500", async () => {
    const { client } = await registerUser(app);
    for (const id of ["nao-e-uuid", "00000000-0000-0000-0000-000000000000", "%27%20OR%201%3D1"]) {
      const sw = await client.post(`/api/v1/workspaces/${id}/switch`);
      expect(sw.status).toBe(404);
      const dash = await client.get(`/api/v1/workspaces/${id}/dashboard`);
      expect(dash.status).toBe(404);
      expect(dash.body.error.code).toBe("NOT_FOUND");
    }
  });
});

describe("[workspaces] dashboard", () => {
  test("own workspace: exactly the contract shape with the free-plan defaults", async () => {
    const { client, user } = await registerUser(app);
    const res = await client.get(`/api/v1/workspaces/${user.currentWorkspaceId}/dashboard`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        agents: [],
        activeAgentsCount: 0,
        credits: { totalCredits: 100, usedCredits: 0, remainingCredits: 100, remainingBonusCredits: 0 },
        subscription: { plan: { name: "Gratuito", billingPeriod: "free" }, subscription: { endDate: null } },
        stats: { usersServed: 0 },
      },
    });
  });

  test("another user's workspace is 404 over REST and NOT_FOUND over tRPC; anonymous is 401", async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const res = await a.client.get(`/api/v1/workspaces/${b.user.currentWorkspaceId}/dashboard`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
    expect(JSON.stringify(res.body)).not.toContain("credits");
    const viaTrpc = await a.client.trpc.dashboard.get.query({ workspaceId: must(b.user.currentWorkspaceId) });
    expect(viaTrpc.error?.code).toBe("NOT_FOUND");
    const own = await a.client.trpc.dashboard.get.query({ workspaceId: must(a.user.currentWorkspaceId) });
    expect(own.data?.credits.totalCredits).toBe(100);
    expect((await new Client(app.base).get(`/api/v1/workspaces/${a.user.currentWorkspaceId}/dashboard`)).status).toBe(401);
  });
});
