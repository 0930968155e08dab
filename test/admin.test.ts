/** Admin-only routes are enforced by the server (SPEC §6): model pricing and bonus credit grants. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { bonusCreditHistory, userActivityLogs } from "../db/schema";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client } from "./helpers/client";
import { type PublicUser, loginAdmin, registerUser } from "./helpers/factories";

let app: TestApp;
let admin: Client;
let adminUser: PublicUser;
let client: Client;
let user: PublicUser;
beforeAll(async () => {
  app = await startTestApp();
  ({ client: admin, user: adminUser } = await loginAdmin(app));
  ({ client, user } = await registerUser(app));
});
afterAll(() => app.stop());

const dashboardOf = async (c: Client, workspaceId: string | null) =>
  (await c.get<{ credits: { remainingBonusCredits: number; remainingCredits: number } }>(`/api/v1/workspaces/${workspaceId}/dashboard`))
    .data;

describe("[admin] model pricing", () => {
  test("anonymous is 401, a normal user 403, the admin gets the seeded rows", async () => {
    expect((await new Client(app.base).get("/api/v1/admin/model-pricing")).status).toBe(401);
    const denied = await client.get("/api/v1/admin/model-pricing");
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("FORBIDDEN");
    const res = await admin.get<{ provider: string; modelId: string; inputPricePer1k: number; creditsPerInteraction: number }[]>(
      "/api/v1/admin/model-pricing",
    );
    expect(res.status).toBe(200);
    expect(adminUser.role).toBe("admin");
    const mini = res.data.find((r) => r.modelId === "gpt-4o-mini");
    expect(mini).toMatchObject({ provider: "openai", creditsPerInteraction: 1 });
    expect(mini?.inputPricePer1k).toBeGreaterThan(0);
  });
});

describe("[admin] bonus credit grant", () => {
  const grant = (c: Client, body: Record<string, unknown>) => c.post("/api/v1/admin/credits/grant", body);

  test("validation: over 100000, under 1, not an integer, short reason, bad workspace id", async () => {
    const ws = user.currentWorkspaceId;
    const cases: [Record<string, unknown>, string][] = [
      [{ workspaceId: ws, amount: 100001, reason: "Campanha de boas-vindas" }, "Máximo 100.000 créditos por vez"],
      [{ workspaceId: ws, amount: 0, reason: "Campanha de boas-vindas" }, "Mínimo 1 crédito"],
      [{ workspaceId: ws, amount: 1.5, reason: "Campanha de boas-vindas" }, "Quantidade deve ser um número inteiro"],
      [{ workspaceId: ws, amount: 10, reason: "curt" }, "Motivo deve ter pelo menos 5 caracteres"],
      [{ workspaceId: "nao-e-uuid", amount: 10, reason: "Campanha de boas-vindas" }, "ID inválido"],
    ];
    for (const [body, message] of cases) {
      const res = await grant(admin, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "VALIDATION", message });
    }
    expect((await dashboardOf(client, ws)).credits.remainingBonusCredits).toBe(0);
  });

  test("a normal user cannot grant (403) and nothing changes", async () => {
    const res = await grant(client, { workspaceId: user.currentWorkspaceId, amount: 500, reason: "Quero mais créditos" });
    expect(res.status).toBe(403);
    expect((await dashboardOf(client, user.currentWorkspaceId)).credits.remainingBonusCredits).toBe(0);
  });

  test("an unknown workspace is 404", async () => {
    const res = await grant(admin, { workspaceId: "00000000-0000-4000-8000-000000000000", amount: 10, reason: "Teste de suporte" });
    expect(res.status).toBe(404);
  });

  test("a grant raises remainingBonusCredits on the owner's dashboard and is recorded", async () => {
    const res = await grant(admin, { workspaceId: user.currentWorkspaceId, amount: 250, reason: "Compensação por instabilidade" });
    expect(res.status).toBe(200);
    const dash = await dashboardOf(client, user.currentWorkspaceId);
    expect(dash.credits.remainingBonusCredits).toBe(250);
    expect(dash.credits.remainingCredits).toBe(100);
    await grant(admin, { workspaceId: user.currentWorkspaceId, amount: 100000, reason: "Segunda concessão" });
    expect((await dashboardOf(client, user.currentWorkspaceId)).credits.remainingBonusCredits).toBe(100250);

    const history = await app.deps.db
      .select()
      .from(bonusCreditHistory)
      .where(eq(bonusCreditHistory.workspaceId, String(user.currentWorkspaceId)));
    expect(history.map((h) => [h.amount / 1000, h.reason, h.adminUserId])).toEqual(
      expect.arrayContaining([
        [250, "Compensação por instabilidade", adminUser.id],
        [100000, "Segunda concessão", adminUser.id],
      ]),
    );
    const logs = await app.deps.db
      .select()
      .from(userActivityLogs)
      .where(and(eq(userActivityLogs.userId, adminUser.id), eq(userActivityLogs.action, "credits.grant")));
    expect(logs).toHaveLength(2);
  });

  test("an expired grant no longer counts as remaining bonus", async () => {
    const other = await registerUser(app);
    const ws = other.user.currentWorkspaceId;
    const past = Date.now() - 60_000;
    expect((await grant(admin, { workspaceId: ws, amount: 40, reason: "Promoção expirada", expiresAt: past })).status).toBe(200);
    expect((await dashboardOf(other.client, ws)).credits.remainingBonusCredits).toBe(0);
  });
});
