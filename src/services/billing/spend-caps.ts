import { tzOffset } from "@date-fns/tz";
import { and, eq } from "drizzle-orm";
import { agents, spendCaps, spendCounters, users, workspaces } from "../../../db/schema";
import type { DbOrTx } from "../../../db/client";
import { AppError } from "../../lib/errors";
import { TtlCache, ownerKey } from "../../lib/ttl-cache";
import type { SpendCapInput, SpendCapScope } from "../../schemas/billing/spend-caps";
import { logActivity } from "../activity";
import type { AppDeps, ServiceContext, WorkspaceScope } from "../context";
import type { RawTx } from "../credit-debit";
import { MILLI, SAO_PAULO } from "../credits";
import { sendTemplatedMail } from "../mail-templates/send";

/**
 * Spend caps: the owner's monthly limits, enforced on the model call's reservation. The counter row
 * of each cap subject (spend_counters) is advanced by the reservation's upper bound in the same
 * transaction as the credit hold, with a conditional write (never check-then-record), and trued up
 * to the real cost when the call is settled, in the debit's transaction.
 */

export type CapRow = { scope: SpendCapScope; agentId: string; monthlyCredits: number };
/** A cap that applies to one model call, with the counter subject it is kept under. */
export type CapHit = { scope: SpendCapScope; subject: string; capMilli: number };

/** Caps change rarely: a short per-process cache keeps a turn with no caps at zero extra reads. */
const capsCache = new TtlCache<CapRow[]>(10_000);

export function monthOf(ms: number): string {
  const local = new Date(ms + tzOffset(SAO_PAULO, new Date(ms)) * 60_000);
  return local.toISOString().slice(0, 7);
}

export async function workspaceCaps(db: DbOrTx, workspaceId: string): Promise<CapRow[]> {
  return capsCache.get(`${ownerKey(db)}:${workspaceId}`, () =>
    db.select({ scope: spendCaps.scope, agentId: spendCaps.agentId, monthlyCredits: spendCaps.monthlyCredits }).from(spendCaps).where(eq(spendCaps.workspaceId, workspaceId)).limit(50),
  );
}

/** The caps one call falls under: the workspace's, its agent's, its customer's (when known). */
export function capsFor(caps: CapRow[], agentId: string, customerKey: string | null): CapHit[] {
  const hits: CapHit[] = [];
  for (const c of caps) {
    const capMilli = c.monthlyCredits * MILLI;
    if (c.scope === "workspace") hits.push({ scope: "workspace", subject: "", capMilli });
    else if (c.scope === "agent" && c.agentId === agentId) hits.push({ scope: "agent", subject: agentId, capMilli });
    else if (c.scope === "customer" && customerKey) hits.push({ scope: "customer", subject: customerKey, capMilli });
  }
  return hits;
}

/**
 * Advances every cap's counter by `amount`, each only if it stays within the cap. All or nothing
 * (a refusal undoes the ones already advanced, in the same transaction). Returns the cap refused.
 */
export async function reserveCaps(tx: RawTx, workspaceId: string, month: string, hits: CapHit[], amount: number): Promise<CapHit | null> {
  const done: CapHit[] = [];
  for (const h of hits) {
    const rs =
      amount > h.capMilli
        ? { rowsAffected: 0 }
        : await tx.execute({
            sql: `INSERT INTO spend_counters (workspace_id, month, scope, subject, used) VALUES (?, ?, ?, ?, ?)
              ON CONFLICT (workspace_id, month, scope, subject) DO UPDATE SET used = used + excluded.used WHERE used + excluded.used <= ?`,
            args: [workspaceId, month, h.scope, h.subject, amount, h.capMilli],
          });
    if (rs.rowsAffected === 0) {
      await adjustCaps(tx, workspaceId, month, done, -amount);
      return h;
    }
    done.push(h);
  }
  return null;
}

/** Moves the counters by `delta` (the real cost minus the hold, or minus the hold of a call never made). */
export async function adjustCaps(tx: RawTx, workspaceId: string, month: string, hits: CapHit[], delta: number) {
  if (delta === 0) return;
  for (const h of hits) {
    await tx.execute({
      sql: "UPDATE spend_counters SET used = max(0, used + ?) WHERE workspace_id = ? AND month = ? AND scope = ? AND subject = ?",
      args: [delta, workspaceId, month, h.scope, h.subject],
    });
  }
}

const CAP_NAME: Record<SpendCapScope, string> = { workspace: "do workspace", agent: "do agente", customer: "por cliente final" };

/**
 * Tells the owner a cap was reached, once per cap subject per month: the counter's alerted_at is
 * set by a conditional UPDATE, so concurrent refusals alert once. An activity entry and an email.
 */
export async function alertCapReached(deps: AppDeps, workspaceId: string, agentId: string, month: string, hit: CapHit) {
  const rs = await deps.db.$client.execute({
    sql: `INSERT INTO spend_counters (workspace_id, month, scope, subject, used, alerted_at) VALUES (?, ?, ?, ?, 0, ?)
      ON CONFLICT (workspace_id, month, scope, subject) DO UPDATE SET alerted_at = excluded.alerted_at WHERE alerted_at IS NULL`,
    args: [workspaceId, month, hit.scope, hit.subject, deps.now()],
  });
  if (rs.rowsAffected === 0) return;
  const [owner] = await deps.db
    .select({ id: users.id, email: users.email, workspace: workspaces.name })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  if (!owner) return;
  const text = `O limite mensal de créditos ${CAP_NAME[hit.scope]} foi atingido no workspace ${owner.workspace} (${month}). Os clientes afetados recebem a mensagem "Limite de uso atingido" até o próximo mês ou até você aumentar o limite em Faturamento.`;
  await logActivity(deps.db, null, {
    userId: owner.id,
    workspaceId,
    agentId: hit.scope === "agent" ? agentId : undefined,
    action: "billing.spend_cap_reached",
    category: "credits",
    description: text,
    details: { scope: hit.scope, month, capCredits: hit.capMilli / MILLI },
  });
  await sendTemplatedMail(deps, "spend-cap-reached", owner.email, { capName: CAP_NAME[hit.scope], workspaceName: owner.workspace, month });
}

export async function listSpendCaps(db: DbOrTx, workspaceId: string, now: number) {
  const month = monthOf(now);
  const caps = await db.select().from(spendCaps).where(eq(spendCaps.workspaceId, workspaceId)).limit(50);
  const counters = await db
    .select({ scope: spendCounters.scope, subject: spendCounters.subject, used: spendCounters.used })
    .from(spendCounters)
    .where(and(eq(spendCounters.workspaceId, workspaceId), eq(spendCounters.month, month), eq(spendCounters.scope, "workspace")))
    .limit(1);
  const agentUsed = new Map<string, number>();
  for (const c of caps.filter((x) => x.scope === "agent")) {
    const [row] = await db
      .select({ used: spendCounters.used })
      .from(spendCounters)
      .where(and(eq(spendCounters.workspaceId, workspaceId), eq(spendCounters.month, month), eq(spendCounters.scope, "agent"), eq(spendCounters.subject, c.agentId)))
      .limit(1);
    agentUsed.set(c.agentId, row?.used ?? 0);
  }
  return {
    month,
    caps: caps.map((c) => ({
      id: c.id,
      scope: c.scope,
      agentId: c.agentId || null,
      monthlyCredits: c.monthlyCredits,
      // Used this month (whole credits); per customer it differs for each one, so none is shown.
      usedCredits: c.scope === "workspace" ? (counters[0]?.used ?? 0) / MILLI : c.scope === "agent" ? (agentUsed.get(c.agentId) ?? 0) / MILLI : null,
    })),
  };
}

/** Sets (or replaces) the cap of a scope; the agent must be the workspace's. */
export async function saveSpendCap(ctx: ServiceContext, scope: WorkspaceScope, input: SpendCapInput) {
  const agentId = input.scope === "agent" ? (input.agentId ?? "") : "";
  if (agentId) {
    const [a] = await ctx.db.select({ id: agents.id }).from(agents).where(and(eq(agents.id, agentId), eq(agents.workspaceId, scope.id))).limit(1);
    if (!a) throw new AppError("NOT_FOUND", "Agente não encontrado");
  }
  const [row] = await ctx.db
    .insert(spendCaps)
    .values({ workspaceId: scope.id, scope: input.scope, agentId, monthlyCredits: input.monthlyCredits })
    .onConflictDoUpdate({ target: [spendCaps.workspaceId, spendCaps.scope, spendCaps.agentId], set: { monthlyCredits: input.monthlyCredits, updatedAt: ctx.now() } })
    .returning();
  capsCache.clear();
  return row;
}

export async function deleteSpendCap(ctx: ServiceContext, scope: WorkspaceScope, id: string) {
  const rows = await ctx.db.delete(spendCaps).where(and(eq(spendCaps.id, id), eq(spendCaps.workspaceId, scope.id))).returning({ id: spendCaps.id });
  if (!rows.length) throw new AppError("NOT_FOUND", "Limite não encontrado");
  capsCache.clear();
  return { id };
}
