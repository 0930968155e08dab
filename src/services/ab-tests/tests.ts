import { and, asc, count, desc, eq, like, ne } from "drizzle-orm";
import { abTestVariants, abTests, agents } from "../../../db/schema";
import type { DbOrTx } from "../../../db/client";
import { AppError, fromZodError } from "../../lib/errors";
import { AB_ERRORS, type AbStatus, type AbTestFields, AB_STATUS_LABEL, type listAbTestsInput } from "../../schemas/ab-tests";
import { updateAgentInput } from "../../schemas/agents";
import type { EditorScope } from "../access";
import { logActivity } from "../activity";
import type { ServiceContext, WorkspaceScope } from "../context";
import { withTransaction } from "../context";
import type { z } from "zod";
import { definedOverrides } from "./assign";

/** A/B tests of an agent (issue 18): CRUD and status changes; every query is scoped to the workspace. */

export type AbTestRow = typeof abTests.$inferSelect;
export type AbVariantRow = typeof abTestVariants.$inferSelect;

export async function scopedTest(db: DbOrTx, scope: WorkspaceScope, id: string): Promise<AbTestRow> {
  const [row] = await db
    .select()
    .from(abTests)
    .where(and(eq(abTests.id, id), eq(abTests.workspaceId, scope.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", AB_ERRORS.notFound);
  return row;
}

export function variantsOf(db: DbOrTx, testId: string): Promise<AbVariantRow[]> {
  return db.select().from(abTestVariants).where(eq(abTestVariants.testId, testId)).orderBy(asc(abTestVariants.position));
}

async function agentOf(db: DbOrTx, scope: WorkspaceScope, agentId: string) {
  const [agent] = await db
    .select({ id: agents.id, name: agents.name })
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.workspaceId, scope.id)))
    .limit(1);
  if (!agent) throw new AppError("NOT_FOUND", "Agente não encontrado", { field: "agentId" });
  return agent;
}

export async function listAbTests(ctx: ServiceContext, scope: WorkspaceScope, input: z.output<typeof listAbTestsInput>) {
  const where = and(
    eq(abTests.workspaceId, scope.id),
    input.status ? eq(abTests.status, input.status) : undefined,
    input.agentId ? eq(abTests.agentId, input.agentId) : undefined,
    input.search ? like(abTests.name, `%${input.search.replace(/[%_]/g, "")}%`) : undefined,
  );
  const [total] = await ctx.db.select({ n: count() }).from(abTests).where(where);
  const rows = await ctx.db
    .select({
      id: abTests.id,
      name: abTests.name,
      description: abTests.description,
      status: abTests.status,
      agentId: abTests.agentId,
      agentName: agents.name,
      successMetrics: abTests.successMetrics,
      startedAt: abTests.startedAt,
      endedAt: abTests.endedAt,
      winnerVariantId: abTests.winnerVariantId,
      createdAt: abTests.createdAt,
    })
    .from(abTests)
    .innerJoin(agents, eq(agents.id, abTests.agentId))
    .where(where)
    .orderBy(desc(abTests.createdAt), desc(abTests.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { items: rows, total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

export async function getAbTest(ctx: ServiceContext, scope: WorkspaceScope, id: string) {
  const test = await scopedTest(ctx.db, scope, id);
  const [agent] = await ctx.db.select({ id: agents.id, name: agents.name }).from(agents).where(eq(agents.id, test.agentId)).limit(1);
  return { ...test, agentName: agent?.name ?? "", variants: await variantsOf(ctx.db, id) };
}

/** Each variant's overrides must be a valid agent edit (same limits as the agent editor). */
function checkOverrides(fields: AbTestFields) {
  fields.variants.forEach((v, i) => {
    const parsed = updateAgentInput.safeParse(definedOverrides(v.overrides ?? {}));
    if (!parsed.success) {
      const err = fromZodError(parsed.error);
      throw new AppError("VALIDATION", err.message, { field: `variants.${i}.overrides.${String(err.details?.field ?? "")}` });
    }
  });
}

/** The first variant is the control unless another one says so. */
function variantRows(fields: AbTestFields, workspaceId: string, testId: string) {
  const control = Math.max(0, fields.variants.findIndex((v) => v.isControl));
  return fields.variants.map((v, i) => ({
    testId,
    workspaceId,
    name: v.name,
    isControl: i === control,
    overrides: i === control ? {} : definedOverrides(v.overrides ?? {}),
    position: i,
  }));
}

const structure = (f: AbTestFields) => ({
  name: f.name,
  description: f.description || null,
  agentId: f.agentId,
  trafficSplit: f.trafficSplit,
  targets: { channels: f.targets.channels },
  successMetrics: f.successMetrics,
  minimumSampleSize: f.minimumSampleSize,
  significanceLevel: f.significanceLevel,
});

export async function createAbTest(ctx: ServiceContext, scope: EditorScope, userId: string, fields: AbTestFields) {
  checkOverrides(fields);
  return withTransaction(ctx.db, async (tx) => {
    const agent = await agentOf(tx, scope, fields.agentId);
    const now = ctx.now();
    const [test] = await tx
      .insert(abTests)
      .values({ workspaceId: scope.id, ...structure(fields), status: "draft", createdByUserId: userId, createdAt: now, updatedAt: now })
      .returning();
    if (!test) throw new AppError("INTERNAL", "Falha ao criar o teste A/B");
    await tx.insert(abTestVariants).values(variantRows(fields, scope.id, test.id));
    await audit(tx, ctx, scope, userId, test, "ab_test.create", `Teste A/B criado: ${test.name} (agente ${agent.name})`);
    return test;
  });
}

/** A draft changes as a whole; a started test keeps its variants, split and metrics (the data would mix). */
export async function updateAbTest(ctx: ServiceContext, scope: EditorScope, userId: string, id: string, fields: AbTestFields) {
  checkOverrides(fields);
  return withTransaction(ctx.db, async (tx) => {
    const test = await scopedTest(tx, scope, id);
    if (test.status !== "draft") {
      // Only the words may change once started.
      const [row] = await tx
        .update(abTests)
        .set({ name: fields.name, description: fields.description || null, updatedAt: ctx.now() })
        .where(eq(abTests.id, id))
        .returning();
      const variants = await variantsOf(tx, id);
      const same = fields.agentId === test.agentId && fields.variants.length === variants.length && JSON.stringify(fields.trafficSplit) === JSON.stringify(test.trafficSplit);
      if (!same) throw new AppError("PRECONDITION_FAILED", AB_ERRORS.draftOnly);
      await audit(tx, ctx, scope, userId, test, "ab_test.update", `Teste A/B editado: ${fields.name}`);
      return row;
    }
    await agentOf(tx, scope, fields.agentId);
    const [row] = await tx
      .update(abTests)
      .set({ ...structure(fields), updatedAt: ctx.now() })
      .where(eq(abTests.id, id))
      .returning();
    await tx.delete(abTestVariants).where(eq(abTestVariants.testId, id));
    await tx.insert(abTestVariants).values(variantRows(fields, scope.id, id));
    await audit(tx, ctx, scope, userId, test, "ab_test.update", `Teste A/B editado: ${fields.name}`);
    return row;
  });
}

const TRANSITIONS: Record<"start" | "pause" | "resume" | "complete", { from: AbStatus[]; to: AbStatus; verb: string }> = {
  start: { from: ["draft"], to: "running", verb: "iniciado" },
  pause: { from: ["running"], to: "paused", verb: "pausado" },
  resume: { from: ["paused"], to: "running", verb: "retomado" },
  complete: { from: ["running", "paused"], to: "completed", verb: "concluído" },
};

/** Start, pause, resume, complete: one running test per agent (a turn reads exactly one). */
export async function changeAbTestStatus(ctx: ServiceContext, scope: EditorScope, userId: string, id: string, action: keyof typeof TRANSITIONS, winnerVariantId?: string | null) {
  const t = TRANSITIONS[action];
  return withTransaction(ctx.db, async (tx) => {
    const test = await scopedTest(tx, scope, id);
    if (!t.from.includes(test.status)) {
      throw new AppError("PRECONDITION_FAILED", `Não é possível: o teste está "${AB_STATUS_LABEL[test.status]}".`);
    }
    if (t.to === "running") {
      const [other] = await tx
        .select({ id: abTests.id, name: abTests.name })
        .from(abTests)
        .where(and(eq(abTests.agentId, test.agentId), eq(abTests.status, "running"), ne(abTests.id, id)))
        .limit(1);
      if (other) throw new AppError("CONFLICT", `${AB_ERRORS.oneRunning} (Em andamento: "${other.name}".)`);
    }
    const now = ctx.now();
    const [row] = await tx
      .update(abTests)
      .set({
        status: t.to,
        updatedAt: now,
        ...(action === "start" ? { startedAt: now } : {}),
        ...(action === "complete" ? { endedAt: now, winnerVariantId: winnerVariantId ?? test.winnerVariantId } : {}),
      })
      .where(eq(abTests.id, id))
      .returning();
    await audit(tx, ctx, scope, userId, test, `ab_test.${action}`, `Teste A/B ${t.verb}: ${test.name}`);
    return row as AbTestRow;
  });
}

export async function deleteAbTest(ctx: ServiceContext, scope: EditorScope, userId: string, id: string) {
  return withTransaction(ctx.db, async (tx) => {
    const test = await scopedTest(tx, scope, id);
    await tx.delete(abTests).where(eq(abTests.id, id));
    await audit(tx, ctx, scope, userId, test, "ab_test.delete", `Teste A/B excluído: ${test.name}`);
    return { id };
  });
}

export function audit(tx: DbOrTx, ctx: ServiceContext, scope: WorkspaceScope, userId: string, test: AbTestRow, action: string, description: string, details?: Record<string, unknown>) {
  return logActivity(tx, ctx.meta, {
    userId,
    workspaceId: scope.id,
    agentId: test.agentId,
    action,
    category: "agent",
    resourceType: "ab_test",
    resourceId: test.id,
    description,
    details,
  });
}
