/**
 * Deleting a workspace (issue 17): owner only, typed confirmation, channel webhooks let go, and no
 * row of it left in ANY table with a workspace_id column (read from sqlite_master, so a table added
 * later is covered too), while another workspace keeps every row.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { sql } from "drizzle-orm";
import { absoluteFilePath, findStoredFile } from "../src/services/files/store";
import { setSafeFetchTestAllowlist } from "../src/lib/safe-fetch";
import { WORKSPACE_HAS_SUBSCRIPTION } from "../src/services/workspace-admin/delete";
import { tablesWithWorkspaceId } from "../src/services/workspace-erase";
import { startFakeTelegram } from "./fakes/telegram";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client } from "./helpers/client";
import { insertCreditTransaction } from "./helpers/factories";
import { type Actor, type Fixture, botTokens, nextBotToken, settled, viewerOf, workspaceWithEverything } from "./helpers/guard-fixtures";
import { startBlackHole } from "./helpers/guard-http";
import { inviteMember } from "./helpers/training";

let app: TestApp;
let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
let hole: ReturnType<typeof startBlackHole>;
let A: { owner: Actor; fixture: Fixture };
let B: { owner: Actor; fixture: Fixture };
const tokenA = nextBotToken();
const tokenB = nextBotToken();

beforeAll(async () => {
  tg = await startFakeTelegram({ tokens: botTokens });
  hole = startBlackHole();
  app = await startTestApp({ ...hole.env, TELEGRAM_API_BASE: tg.url});
  // Room for the viewer, a manager and a member next to the fixture's pending invitation.
  await app.deps.db.run(sql`UPDATE plans SET max_members = 20`);
  A = await workspaceWithEverything(app, tokenA);
  B = await workspaceWithEverything(app, tokenB);
  await Promise.all([settled(app, A.owner, A.fixture), settled(app, B.owner, B.fixture)]);
  await insertCreditTransaction(app, A.fixture.workspaceId, Date.now(), 3);
  await insertCreditTransaction(app, B.fixture.workspaceId, Date.now(), 3);
}, 90_000);

afterAll(async () => {
  setSafeFetchTestAllowlist(null);
  await app.stop();
  tg.stop();
  hole.stop();
});

/** Rows of `workspaceId` in every table that has a workspace_id column, by table (only non-zero). */
async function rowsOf(workspaceId: string) {
  const left: Record<string, number> = {};
  for (const table of await tablesWithWorkspaceId(app.deps.db)) {
    const [row] = await app.deps.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE workspace_id = ${workspaceId}`);
    if (Number(row?.n ?? 0) > 0) left[table] = Number(row?.n);
  }
  const [ws] = await app.deps.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM workspaces WHERE id = ${workspaceId}`);
  if (Number(ws?.n ?? 0) > 0) left.workspaces = Number(ws?.n);
  return left;
}

describe("[workspace-erase] deleting a workspace", () => {
  test("the schema has the tables a workspace fills (the sweep reads them from sqlite_master)", async () => {
    const tables = await tablesWithWorkspaceId(app.deps.db);
    for (const t of ["agents", "jobs", "user_activity_logs", "embeddings", "messages", "contacts", "campaigns", "credit_transactions"]) {
      expect(tables).toContain(t);
    }
    const before = await rowsOf(A.fixture.workspaceId);
    // The fixture really filled many tables: an erase test over an empty workspace proves nothing.
    expect(Object.keys(before).length).toBeGreaterThan(15);
    for (const t of ["agents", "embeddings", "channel_connections", "conversations", "messages", "jobs", "user_activity_logs", "credit_transactions"]) {
      expect(before[t] ?? 0).toBeGreaterThan(0);
    }
  });

  test("a viewer and a member with canManageSettings (not the owner) are refused; a wrong name is refused", async () => {
    const viewer = await viewerOf(app, A.owner);
    const refused = await viewer.client.trpc.workspaces.delete.mutate({ confirmName: "x" });
    expect(refused.status).toBe(403);
    const manager = await inviteMember(app, A.owner.client, { canManageSettings: true, canManageMembers: true });
    const notOwner = await manager.client.trpc.workspaces.delete.mutate({ confirmName: "Workspace de Usuário" });
    expect(notOwner.status).toBe(403);
    expect(notOwner.error?.message).toBe("Apenas o proprietário do workspace pode fazer isso");
    const wrong = await A.owner.client.trpc.workspaces.delete.mutate({ confirmName: "outro nome" });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.message).toBe("O nome digitado não confere com o nome do workspace");
    const empty = await A.owner.client.trpc.workspaces.delete.mutate({ confirmName: "  " });
    expect(empty.status).toBe(400);
    expect(empty.error?.message).toBe("Digite o nome do workspace");
    expect(Object.keys(await rowsOf(A.fixture.workspaceId)).length).toBeGreaterThan(15);
  });

  test("a workspace paying through Stripe is not deleted until its renewal is canceled", async () => {
    const details = await A.owner.client.trpc.workspaces.details.query();
    const sub = sql`update user_subscriptions set stripe_subscription_id = 'sub_apagar', cancel_at_period_end = 0 where workspace_id = ${A.fixture.workspaceId} and status = 'active'`;
    await app.deps.db.run(sub);
    const refused = await A.owner.client.trpc.workspaces.delete.mutate({ confirmName: details.data.name });
    expect(refused.status).toBe(412);
    expect(refused.error?.message).toBe(WORKSPACE_HAS_SUBSCRIPTION);
    expect((await A.owner.client.trpc.workspaces.details.query()).ok).toBe(true);
    await app.deps.db.run(sql`update user_subscriptions set cancel_at_period_end = 1 where workspace_id = ${A.fixture.workspaceId}`);
  });

  test("the owner deletes it: no row left in any table, the bot's webhook is removed, B untouched, members moved", async () => {
    const bBefore = await rowsOf(B.fixture.workspaceId);
    const details = await A.owner.client.trpc.workspaces.details.query();
    const member = await inviteMember(app, A.owner.client, { canEditAgents: true });
    tg.calls.length = 0;
    // A visitor's chat image kept for the inbox: its bytes must go with the workspace, not only its row.
    const image = await findStoredFile(app.deps.db, A.fixture.chatImageFileId);
    const imagePath = image ? absoluteFilePath(app.deps.env, image) : "";
    expect(existsSync(imagePath)).toBe(true);

    const res = await A.owner.client.trpc.workspaces.delete.mutate({ confirmName: details.data.name });
    expect(res.ok).toBe(true);
    expect(existsSync(imagePath)).toBe(false);

    expect(await rowsOf(A.fixture.workspaceId)).toEqual({});
    expect(await rowsOf(B.fixture.workspaceId)).toEqual(bBefore);
    expect(tg.calls.filter((c) => c.method === "deleteWebhook").map((c) => c.token)).toEqual([tokenA]);

    // The audit line outlives the workspace: no workspace id, the id as the resource.
    const [line] = await app.deps.db.all<{ user_id: string; description: string }>(
      sql`SELECT user_id, description FROM user_activity_logs WHERE action = 'workspace.delete' AND resource_id = ${A.fixture.workspaceId}`,
    );
    expect(line?.user_id).toBe(A.owner.userId);
    expect(line?.description).toContain(details.data.name);

    // Every former member's session now points elsewhere: nothing answers for the deleted workspace.
    for (const c of [A.owner.client, member.client]) {
      const me = await c.get<{ currentWorkspaceId: string | null }>("/api/v1/auth/user");
      expect(me.data.currentWorkspaceId).not.toBe(A.fixture.workspaceId);
      const list = await c.trpc.workspaces.list.query();
      expect(list.data.map((w) => w.id)).not.toContain(A.fixture.workspaceId);
      const back = await c.trpc.workspaces.switch.mutate({ id: A.fixture.workspaceId });
      expect(back.error?.code).toBe("NOT_FOUND");
    }
    // The member still has their own workspace, and it is their current one now.
    const memberMe = await member.client.get<{ currentWorkspaceId: string | null }>("/api/v1/auth/user");
    expect(memberMe.data.currentWorkspaceId).toBe(member.user.currentWorkspaceId);
    // The owner had only this workspace: the session has none now, and workspace calls say so.
    const current = await A.owner.client.trpc.workspaces.current.query();
    expect(current.ok).toBe(false);
  });

  test("an anonymous call is refused", async () => {
    const anon = await new Client(app.base).warmUp();
    const res = await anon.trpc.workspaces.delete.mutate({ confirmName: "x" });
    expect(res.error?.code).toBe("UNAUTHORIZED");
  });
});
