import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { dealActivities } from "../db/schema";
import { saoPauloDay } from "../src/schemas/crm/deal-details";
import { CRM_READ_ONLY } from "../src/schemas/permissions";
import { withTransaction } from "../src/services/context";
import { openDeal } from "../src/services/crm/pipeline-core";
import { ownerWithAgent } from "./helpers/agents";
import { type TestApp, startTestApp } from "./helpers/app";
import { type Client, must } from "./helpers/client";
import { viewerOf } from "./helpers/guard-fixtures";

/** A deal's activities over real HTTP: SPEC §5 rules, completion, the "Para hoje" reminder, access. */
let app: TestApp;
let owner: Client;
let userId: string;
let workspaceId: string;
let dealId: string;

const newDeal = (title: string, ws = workspaceId, uid = userId) =>
  withTransaction(app.deps.db, (tx) => openDeal(tx, { workspaceId: ws, title, valueCents: 10_000, ownerUserId: uid, actor: { type: "user", userId: uid } }));

beforeAll(async () => {
  app = await startTestApp();
  const o = await ownerWithAgent(app);
  owner = o.client;
  userId = o.user.id;
  workspaceId = o.workspaceId;
  dealId = (await newDeal("Clínica Sorriso")).id;
}, 30_000);
afterAll(() => app.stop());

describe("activity CRUD", () => {
  test("SPEC §5 refusals come back in pt-BR and write nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: "sms", subject: "Ligar" }, "Tipo de atividade inválido"],
      [{ type: "call", subject: " A " }, "Assunto deve ter pelo menos 2 caracteres"],
      [{ type: "call", subject: "x".repeat(201) }, "Assunto deve ter no máximo 200 caracteres"],
      [{ type: "task", subject: "Enviar", description: "d".repeat(2001) }, "Descrição deve ter no máximo 2000 caracteres"],
      [{ type: "meeting", subject: "Reunião", duration: 0 }, "Duração deve ser de pelo menos 1 minuto"],
    ];
    for (const [body, message] of cases) {
      const res = await owner.mutate("funnel.activities.create", { dealId, ...body });
      expect([res.status, res.error?.message]).toEqual([400, message]);
    }
    const rows = await app.deps.db.select().from(dealActivities).where(eq(dealActivities.dealId, dealId));
    expect(rows).toEqual([]);
  });

  test("create, list, update, complete with an outcome, reopen and delete", async () => {
    const at = Date.now() + 3_600_000;
    const created = must((await owner.trpc.funnel.activities.create.mutate({ dealId, type: "call", subject: "  Ligar   para a Dra. Ana ", scheduledAt: at, duration: 30 })).data, "activity");
    expect([created.subject, created.status, created.scheduledAt, created.duration, created.completedAt]).toEqual(["Ligar para a Dra. Ana", "pending", at, 30, null]);
    const note = must((await owner.trpc.funnel.activities.create.mutate({ dealId, type: "note", subject: "Prefere WhatsApp" })).data, "note");
    expect(note.status).toBe("completed");

    const list = await owner.trpc.funnel.activities.list.query({ dealId });
    expect(list.data?.map((a) => a.subject).sort()).toEqual(["Ligar para a Dra. Ana", "Prefere WhatsApp"]);

    const updated = await owner.trpc.funnel.activities.update.mutate({ id: created.id, patch: { type: "meeting", subject: "Reunião com a Dra. Ana" } });
    expect([updated.data?.type, updated.data?.subject, updated.data?.duration]).toEqual(["meeting", "Reunião com a Dra. Ana", 30]);

    const done = must((await owner.trpc.funnel.activities.complete.mutate({ id: created.id, outcome: "Pediu proposta por e-mail" })).data, "done");
    expect([done.status, done.outcome, typeof done.completedAt]).toEqual(["completed", "Pediu proposta por e-mail", "number"]);

    const reopened = must((await owner.trpc.funnel.activities.update.mutate({ id: created.id, patch: { status: "pending" } })).data, "reopened");
    expect([reopened.status, reopened.completedAt, reopened.outcome]).toEqual(["pending", null, "Pediu proposta por e-mail"]);

    expect((await owner.trpc.funnel.activities.delete.mutate({ id: created.id })).ok).toBe(true);
    const gone = await owner.trpc.funnel.activities.update.mutate({ id: created.id, patch: { subject: "De novo" } });
    expect([gone.status, gone.error?.message]).toEqual([404, "Atividade não encontrada"]);
  });
});

describe("Para hoje", () => {
  test("today (São Paulo) and yesterday's overdue are listed, tomorrow and done ones are not; 'minhas' narrows", async () => {
    const o = await ownerWithAgent(app);
    const deal = await newDeal("Academia Fit", o.workspaceId, o.user.id);
    const { start, end } = saoPauloDay(Date.now());
    const add = async (subject: string, scheduledAt: number) =>
      must((await o.client.trpc.funnel.activities.create.mutate({ dealId: deal.id, type: "task", subject, scheduledAt })).data, subject).id;
    await add("Hoje ao meio-dia", start + 12 * 3_600_000);
    await add("Ontem, atrasada", start - 3_600_000);
    await add("Amanhã cedo", end + 3_600_000);
    const done = await add("Hoje, já feita", start + 60_000);
    await o.client.trpc.funnel.activities.complete.mutate({ id: done });

    const due = must((await o.client.trpc.funnel.activities.dueToday.query({ mine: false })).data, "due");
    expect(due.items.map((i) => [i.subject, i.dealTitle, i.today, i.overdue])).toEqual([
      ["Ontem, atrasada", "Academia Fit", false, true],
      ["Hoje ao meio-dia", "Academia Fit", true, start + 12 * 3_600_000 < Date.now()],
    ]);
    expect([due.count, due.more]).toEqual([2, false]);
    expect(due.overdueCount).toBeGreaterThanOrEqual(1);

    // Another member's deal and activity: in the workspace's list, not in mine.
    const viewer = await viewerOf(app, { client: o.client, userId: o.user.id });
    const mine = must((await viewer.client.trpc.funnel.activities.dueToday.query({ mine: true })).data, "mine");
    expect(mine.count).toBe(0);
    const all = must((await viewer.client.trpc.funnel.activities.dueToday.query({ mine: false })).data, "all");
    expect(all.count).toBe(2);
  });
});

describe("access", () => {
  test("a viewer reads but cannot write", async () => {
    const viewer = await viewerOf(app, { client: owner, userId });
    expect((await viewer.client.trpc.funnel.activities.list.query({ dealId })).ok).toBe(true);
    const res = await viewer.client.trpc.funnel.activities.create.mutate({ dealId, type: "task", subject: "Tentar escrever" });
    expect([res.status, res.error?.message]).toEqual([403, CRM_READ_ONLY]);
  });

  test("another workspace's deal and activity ids are NOT_FOUND and stay untouched", async () => {
    const mine = must((await owner.trpc.funnel.activities.create.mutate({ dealId, type: "email", subject: "Enviar contrato" })).data, "mine");
    const other = await ownerWithAgent(app);
    const tries = [
      await other.client.trpc.funnel.activities.update.mutate({ id: mine.id, patch: { subject: "Invadido" } }),
      await other.client.trpc.funnel.activities.complete.mutate({ id: mine.id }),
      await other.client.trpc.funnel.activities.delete.mutate({ id: mine.id }),
    ];
    for (const r of tries) expect([r.status, r.error?.message]).toEqual([404, "Atividade não encontrada"]);
    for (const r of [
      await other.client.trpc.funnel.activities.list.query({ dealId }),
      await other.client.trpc.funnel.activities.create.mutate({ dealId, type: "task", subject: "Entrar" }),
      await other.client.trpc.funnel.activities.dealPage.query({ dealId }),
      await other.client.trpc.funnel.activities.history.query({ dealId }),
    ]) {
      expect([r.status, r.error?.message]).toEqual([404, "Negócio não encontrado"]);
    }
    const [row] = await app.deps.db.select().from(dealActivities).where(eq(dealActivities.id, mine.id));
    expect([row?.subject, row?.status]).toEqual(["Enviar contrato", "pending"]);
  });
});
