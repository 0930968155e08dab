/**
 * /logs (issue 17): who sees which activity lines (own vs workspace), the filters, search, keyset
 * pagination, the CSV export and the refusals across workspaces. Real server, real libSQL file.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { userActivityLogs } from "../db/schema";
import type { LogsFilterInput } from "../src/schemas/activity";
import { ACTIVITY_KEEP_MS, pruneActivityLogs } from "../src/services/activity-log/prune";
import { type AgentRow, ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { mailedToken, registerUser, uniqueEmail } from "./helpers/factories";

let app: TestApp;
type Person = { client: Client; id: string };
let owner: Person & { workspaceId: string; agent: AgentRow };
let member: Person;
let manager: Person;
let other: Person & { workspaceId: string; agent: AgentRow };

type Item = { id: string; action: string; userId: string | null; agentId: string | null; category: string; description: string | null; createdAt: number };

async function join(role: "member" | "admin", flags: Record<string, boolean>): Promise<Person> {
  const email = uniqueEmail(role);
  const invited = await owner.client.trpc.workspaces.members.invite.mutate({ email, role, permissions: flags });
  if (!invited.ok) throw new Error(JSON.stringify(invited.error));
  const token = await mailedToken(app, email, "/convite");
  const person = await registerUser(app, { email, firstName: role === "admin" ? "Gil" : "Marcos", lastName: "Lima" });
  const accepted = await person.client.trpc.invitations.accept.mutate({ token });
  if (!accepted.ok) throw new Error(JSON.stringify(accepted.error));
  return { client: person.client, id: person.user.id };
}

async function list(client: Client, filter: LogsFilterInput, extra: { limit?: number; cursor?: string } = {}) {
  return client.query<{ items: Item[]; nextCursor: string | null }>("logs.list", { filter, ...extra });
}

async function all(client: Client, filter: LogsFilterInput): Promise<Item[]> {
  const res = await list(client, filter, { limit: 100 });
  if (!res.ok) throw new Error(JSON.stringify(res.error));
  return res.data.items;
}

/** A line written straight to the table, at a chosen time (the period and pagination cases). */
async function line(values: Partial<typeof userActivityLogs.$inferInsert> & { action: string }) {
  const [row] = await app.deps.db
    .insert(userActivityLogs)
    .values({ userId: owner.id, workspaceId: owner.workspaceId, category: "agent", ...values })
    .returning({ id: userActivityLogs.id });
  if (!row) throw new Error("insert failed");
  return row.id;
}

beforeAll(async () => {
  app = await startTestApp();
  const o = await ownerWithAgent(app);
  owner = { client: o.client, id: o.user.id, workspaceId: o.workspaceId, agent: o.agent };
  member = await join("member", {});
  manager = await join("admin", { canManageMembers: true });
  const b = await ownerWithAgent(app);
  other = { client: b.client, id: b.user.id, workspaceId: b.workspaceId, agent: b.agent };
}, 60_000);

afterAll(async () => {
  await app.stop();
});

describe("logs: who sees what", () => {
  test("a plain member sees only their own lines; the workspace's are refused with a clear message", async () => {
    const mine = await all(member.client, { scope: "mine" });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((i) => i.userId === member.id)).toBe(true);
    expect(mine.map((i) => i.action)).toContain("workspace.join");
    expect(mine.map((i) => i.action)).not.toContain("agent.create");

    const team = await list(member.client, { scope: "workspace" });
    expect(team.status).toBe(403);
    expect(team.error?.message).toBe("Apenas administradores do workspace podem ver as atividades de toda a equipe.");

    const options = await member.client.query<{ canSeeWorkspace: boolean; people: unknown[] }>("logs.options");
    expect(options.data).toMatchObject({ canSeeWorkspace: false, people: [] });

    // The owner's line, opened by id: as if it did not exist.
    const created = (await all(owner.client, { scope: "workspace", category: "agent" })).find((i) => i.action === "agent.create");
    const peek = await member.client.query("logs.get", { id: created?.id });
    expect(peek.status).toBe(404);
  });

  test("the owner and a member manager see the workspace's lines, with the person and agent filters", async () => {
    for (const who of [owner, manager]) {
      const team = await all(who.client, { scope: "workspace" });
      const actions = team.map((i) => `${i.userId}:${i.action}`);
      expect(actions).toContain(`${owner.id}:agent.create`);
      expect(actions).toContain(`${member.id}:workspace.join`);
    }
    const byPerson = await all(owner.client, { scope: "workspace", userId: member.id });
    expect(byPerson.length).toBeGreaterThan(0);
    expect(byPerson.every((i) => i.userId === member.id)).toBe(true);
    const byAgent = await all(owner.client, { scope: "workspace", agentId: owner.agent.id });
    expect(byAgent.map((i) => i.action)).toContain("agent.create");
    expect(byAgent.every((i) => i.agentId === owner.agent.id)).toBe(true);
    const byCategory = await all(owner.client, { scope: "workspace", category: "member" });
    expect(byCategory.length).toBeGreaterThan(0);
    expect(byCategory.every((i) => i.category === "member")).toBe(true);

    const options = await manager.client.query<{ canSeeWorkspace: boolean; people: { id: string }[]; agents: { id: string }[] }>("logs.options");
    expect(options.data.canSeeWorkspace).toBe(true);
    expect(options.data.people.map((p) => p.id)).toEqual(expect.arrayContaining([owner.id, member.id, manager.id]));
    expect(options.data.agents.map((a) => a.id)).toEqual([owner.agent.id]);
  });

  test("another workspace's lines, agent and people are refused or absent", async () => {
    const foreignLine = (await all(other.client, { scope: "workspace" }))[0];
    expect((await owner.client.query("logs.get", { id: foreignLine?.id })).status).toBe(404);
    expect((await list(owner.client, { scope: "workspace", agentId: other.agent.id })).status).toBe(404);
    expect((await list(owner.client, { scope: "workspace", userId: other.id })).status).toBe(404);
    const team = await all(owner.client, { scope: "workspace" });
    expect(team.some((i) => i.userId === other.id)).toBe(false);
    const csv = await owner.client.get(`/api/v1/logs/export?scope=workspace&agentId=${other.agent.id}`);
    expect(csv.status).toBe(404);
  });

  test("bad filters are refused with pt-BR messages", async () => {
    const custom = await list(owner.client, { scope: "mine", period: "custom" });
    expect(custom.status).toBe(400);
    expect(custom.error?.message).toBe("Informe as datas inicial e final");
    const reversed = await list(owner.client, { period: "custom", from: "2026-05-10", to: "2026-05-01" });
    expect(reversed.error?.message).toBe("A data final deve ser igual ou posterior à inicial");
    expect((await list(owner.client, { search: "x".repeat(101) })).error?.message).toBe("Busca deve ter no máximo 100 caracteres");
    expect((await list(owner.client, { category: "nada" as never })).status).toBe(400);
  });
});

describe("logs: search, period and pages", () => {
  test("search matches the description or the verb, and a typed % matches itself", async () => {
    await line({ action: "agent.update", description: "Desconto de 10% aplicado no prompt" });
    await line({ action: "agent.update", description: "Desconto de 10 reais" });
    const pct = await all(owner.client, { scope: "workspace", search: "10%" });
    expect(pct.map((i) => i.description)).toEqual(["Desconto de 10% aplicado no prompt"]);
    const verb = await all(owner.client, { scope: "workspace", search: "agent.create" });
    expect(verb.map((i) => i.action)).toEqual(["agent.create"]);
  });

  test("the period bounds the lines; a custom range counts whole days in São Paulo", async () => {
    const now = Date.now();
    const old = await line({ action: "training.add", description: "Linha antiga", createdAt: now - 40 * 86_400_000 });
    expect((await all(owner.client, { scope: "workspace" })).map((i) => i.id)).not.toContain(old);
    expect((await all(owner.client, { scope: "workspace", period: "90d" })).map((i) => i.id)).toContain(old);
    // 2026-03-10 00:30 in São Paulo is 03:30 UTC; 2026-03-09 23:30 there is 2026-03-10 02:30 UTC.
    const inside = await line({ action: "training.add", description: "Dentro", createdAt: Date.UTC(2026, 2, 10, 3, 30) });
    const before = await line({ action: "training.add", description: "Véspera", createdAt: Date.UTC(2026, 2, 10, 2, 30) });
    const day = (await all(owner.client, { scope: "workspace", period: "custom", from: "2026-03-10", to: "2026-03-10" })).map((i) => i.id);
    expect(day).toContain(inside);
    expect(day).not.toContain(before);
  });

  test("keyset pages are newest first, never repeat or skip a line, even with equal times", async () => {
    const at = Date.now() - 3_600_000;
    const ids = new Set<string>();
    for (let i = 0; i < 70; i++) ids.add(await line({ action: "crm.page", category: "crm", description: `página ${i}`, createdAt: i < 40 ? at : at - i * 1000 }));
    const seen: Item[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const page = await list(owner.client, { scope: "workspace", category: "crm", search: "página" }, { limit: 25, cursor });
      expect(page.ok).toBe(true);
      seen.push(...page.data.items);
      if (!page.data.nextCursor) break;
      cursor = page.data.nextCursor;
    }
    expect(seen.length).toBe(70);
    expect(new Set(seen.map((i) => i.id))).toEqual(ids);
    const times = seen.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await list(owner.client, { scope: "workspace" }, { cursor: "lixo" })).status).toBe(400);
  });
});

describe("logs: retention", () => {
  test("the hourly prune drops lines older than the retention and keeps the rest", async () => {
    const now = Date.now();
    const expired = await line({ action: "agent.update", category: "agent", description: "Expirada", createdAt: now - ACTIVITY_KEEP_MS - 60_000 });
    const kept = await line({ action: "agent.update", category: "agent", description: "Mantida", createdAt: now - ACTIVITY_KEEP_MS + 3_600_000 });
    expect(await pruneActivityLogs(app.deps.db, now)).toBeGreaterThanOrEqual(1);
    const left = (await app.deps.db.select({ id: userActivityLogs.id }).from(userActivityLogs)).map((r) => r.id);
    expect(left).not.toContain(expired);
    expect(left).toContain(kept);
  });
});

describe("logs: CSV export", () => {
  test("the filtered lines as CSV with a BOM and ';', formulas neutralised; the team's lines only for admins", async () => {
    await line({ action: "agent.update", description: "=HYPERLINK(\"http://mal.example\",\"clique\")", oldValues: { name: "A" }, newValues: { name: "B" } });
    const res = await fetch(`${app.base}/api/v1/logs/export?scope=workspace&search=HYPERLINK`, {
      headers: { cookie: [...owner.client.jar.entries()].map(([k, c]) => `${k}=${encodeURIComponent(c.value)}`).join("; "), "x-forwarded-for": owner.client.ip },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="atividades-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = new TextDecoder().decode(bytes).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(rows[0]).toBe("Data e hora;Pessoa;E-mail;Categoria;Ação;Descrição;Agente;Recurso;Endereço IP;Valores anteriores;Valores novos");
    expect(rows.length).toBe(2);
    expect(rows[1]).toContain("Maria Silva");
    expect(rows[1]).toContain(";Agentes;Agente editado;");
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://mal.example"",""clique"")"`);
    expect(rows[1]).toContain(`"{""name"":""A""}";"{""name"":""B""}"`);

    expect((await member.client.get("/api/v1/logs/export?scope=workspace")).status).toBe(403);
    const own = await member.client.get("/api/v1/logs/export?scope=mine");
    expect(own.status).toBe(200);
    expect(String(own.body)).not.toContain("HYPERLINK");
  });
});
