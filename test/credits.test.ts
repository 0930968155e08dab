/** Credit usage history in São Paulo days, and the dashboard counters (SPEC §3, §7, §9 charts). */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type TestApp, startTestApp } from "./helpers/app";
import { Client } from "./helpers/client";
import { type PublicUser, insertAgent, insertConversation, insertCreditTransaction, registerUser } from "./helpers/factories";

type Day = { date: string; total_credits: number };
const DAY = 86_400_000;
const HOUR = 3_600_000;
const PERIOD_MESSAGE = "Período deve ser 7, 15 ou 30 dias";

/** YYYY-MM-DD in São Paulo, computed independently of the server (Intl). */
const spDay = (ms: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let app: TestApp;
let client: Client;
let user: PublicUser;
let stranger: { client: Client; user: PublicUser };
/** The latest 02:30 UTC at least an hour ago: 23:30 of the previous day in São Paulo. */
let lateNight: number;

beforeAll(async () => {
  app = await startTestApp();
  ({ client, user } = await registerUser(app));
  stranger = await registerUser(app);
  const now = Date.now();
  lateNight = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate(), 2, 30);
  if (lateNight + HOUR > now) lateNight -= DAY;
  const ws = String(user.currentWorkspaceId);
  await insertCreditTransaction(app, ws, lateNight, 2.5);
  await insertCreditTransaction(app, ws, lateNight - 10 * 60_000, 1.25);
  await insertCreditTransaction(app, ws, lateNight + HOUR, 4); // 00:30 in São Paulo: the UTC day
  await insertCreditTransaction(app, ws, now - 10 * DAY, 7);
  await insertCreditTransaction(app, ws, now - 40 * DAY, 50);
  // the same instants in someone else's workspace must never show up
  await insertCreditTransaction(app, String(stranger.user.currentWorkspaceId), lateNight, 100);
  await insertCreditTransaction(app, String(stranger.user.currentWorkspaceId), now - 10 * DAY, 100);
});
afterAll(() => app.stop());

const history = async (c: Client, period: number | string) => c.get<Day[]>(`/api/v1/credit-usage/history?period=${period}`);

describe("[credits] usage history", () => {
  test("one row per São Paulo day of the period, oldest first, ending today", async () => {
    for (const period of [7, 15, 30]) {
      const res = await history(client, period);
      expect(res.status).toBe(200);
      expect(res.data).toHaveLength(period);
      const now = Date.now();
      const expected = Array.from({ length: period }, (_, i) => spDay(now - (period - 1 - i) * DAY));
      expect(res.data.map((d) => d.date)).toEqual(expected);
      for (const row of res.data) {
        expect(Object.keys(row).sort()).toEqual(["date", "total_credits"]);
        expect(typeof row.total_credits).toBe("number");
      }
    }
  });

  test("02:30 UTC counts on the previous São Paulo day; 03:30 UTC on the same day", async () => {
    const res = await history(client, 7);
    const byDate = new Map(res.data.map((d) => [d.date, d.total_credits]));
    const previousSp = spDay(lateNight);
    expect(previousSp).not.toBe(utcDay(lateNight));
    expect(byDate.get(previousSp)).toBe(3.75);
    expect(byDate.get(utcDay(lateNight))).toBe(4);
  });

  test("the period bounds what is counted", async () => {
    const tenDaysAgo = spDay(Date.now() - 10 * DAY);
    const week = (await history(client, 7)).data;
    expect(week.reduce((s, d) => s + d.total_credits, 0)).toBe(7.75);
    const fortnight = (await history(client, 15)).data;
    expect(fortnight.find((d) => d.date === tenDaysAgo)?.total_credits).toBe(7);
    expect(fortnight.reduce((s, d) => s + d.total_credits, 0)).toBe(14.75);
    const month = (await history(client, 30)).data;
    expect(month.reduce((s, d) => s + d.total_credits, 0)).toBe(14.75);
  });

  test("only the caller's current workspace is counted", async () => {
    const theirs = (await history(stranger.client, 30)).data;
    expect(theirs.reduce((s, d) => s + d.total_credits, 0)).toBe(200);
    // a second workspace of the same user starts empty
    const second = await client.post<{ id: string }>("/api/v1/workspaces", { name: "Outra Loja", description: "Criado pelo usuário" });
    await client.post(`/api/v1/workspaces/${second.data.id}/switch`);
    const empty = (await history(client, 30)).data;
    expect(empty.every((d) => d.total_credits === 0)).toBe(true);
    await client.post(`/api/v1/workspaces/${user.currentWorkspaceId}/switch`);
    expect((await history(client, 7)).data.reduce((s, d) => s + d.total_credits, 0)).toBe(7.75);
  });

  test("period 10 (or not a number) is 400 'Período deve ser 7, 15 ou 30 dias'", async () => {
    for (const period of [10, 0, "abc"]) {
      const res = await history(client, period);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "VALIDATION", message: PERIOD_MESSAGE });
    }
    const viaTrpc = await client.trpc.credits.usageHistory.query({ period: 10 });
    expect(viaTrpc.error).toMatchObject({ code: "BAD_REQUEST", message: PERIOD_MESSAGE });
  });

  test("tRPC credits.usageHistory gives the same rows; anonymous is 401", async () => {
    const rest = (await history(client, 15)).data;
    const trpc = await client.trpc.credits.usageHistory.query({ period: 15 });
    expect(trpc.data).toEqual(rest);
    expect((await history(new Client(app.base), 7)).status).toBe(401);
    expect((await new Client(app.base).trpc.credits.usageHistory.query({ period: 7 })).error?.code).toBe("UNAUTHORIZED");
  });
});

describe("[credits] dashboard counters", () => {
  test("agents, active agents and this month's users served, per workspace", async () => {
    const { client: owner, user: u } = await registerUser(app);
    const ws = String(u.currentWorkspaceId);
    await insertAgent(app, ws, u.id, "Atendente Ana");
    await insertAgent(app, ws, u.id, "Vendedor Beto");
    await insertAgent(app, ws, u.id, "Pausado Caio", false);
    await insertAgent(app, String(stranger.user.currentWorkspaceId), stranger.user.id, "De Outro");
    const now = Date.now();
    for (const contact of ["5511900000001", "5511900000002", "web-abc"]) await insertConversation(app, ws, contact, now);
    await insertConversation(app, ws, "5511900000009", now - 45 * DAY); // a previous month
    await insertConversation(app, String(stranger.user.currentWorkspaceId), "5511900000003", now);

    const res = await owner.get<{
      agents: { id: string; name: string; isActive: boolean }[];
      activeAgentsCount: number;
      stats: { usersServed: number };
    }>(`/api/v1/workspaces/${ws}/dashboard`);
    expect(res.status).toBe(200);
    expect(res.data.agents.map((a) => [a.name, a.isActive])).toEqual([
      ["Atendente Ana", true],
      ["Vendedor Beto", true],
      ["Pausado Caio", false],
    ]);
    for (const a of res.data.agents) expect(typeof a.id).toBe("string");
    expect(res.data.activeAgentsCount).toBe(2);
    expect(res.data.stats.usersServed).toBe(3);
  });

});
