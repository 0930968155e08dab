/**
 * A workspace's effective limits (issue 17): its plan's, with what a platform admin set for this
 * workspace (workspaces.limitOverrides) taking precedence. Every place that enforces a plan limit
 * (agents create, invitations, a plan change's agent pause) reads them here.
 */
import { eq } from "drizzle-orm";
import { workspaces } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import type { WorkspaceLimitOverrides } from "../schemas/workspaces";
import { type Plan, getWorkspacePlan } from "./plans";

export type EffectiveLimits = {
  plan: Plan;
  maxAgents: number;
  maxMembers: number;
  /** null: the platform's default for own-server WhatsApp instances decides (admin /admin/uazapi). */
  uazapiInstances: number | null;
  overrides: WorkspaceLimitOverrides;
};

/** Overrides (null/absent: the plan's) applied to a plan. */
export function applyOverrides(plan: Plan, overrides: WorkspaceLimitOverrides | null): EffectiveLimits {
  const o = overrides ?? {};
  return {
    plan,
    maxAgents: o.maxAgents ?? plan.maxAgents,
    maxMembers: o.maxMembers ?? plan.maxMembers,
    uazapiInstances: o.uazapiInstances ?? null,
    overrides: o,
  };
}

export async function workspaceOverrides(db: DbOrTx, workspaceId: string): Promise<WorkspaceLimitOverrides | null> {
  const [row] = await db.select({ o: workspaces.limitOverrides }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  return row?.o ?? null;
}

export async function effectiveLimits(db: DbOrTx, workspaceId: string): Promise<EffectiveLimits> {
  // Sequential: db may be a transaction, which runs one statement at a time.
  const { plan } = await getWorkspacePlan(db, workspaceId);
  return applyOverrides(plan, await workspaceOverrides(db, workspaceId));
}

const NOUNS = { maxAgents: ["agente", "agentes", "criar"], maxMembers: ["membro", "membros", "convidar"] } as const;

/**
 * The refusal at a limit: the plan's wording when the plan decides; when an admin set this
 * workspace's own limit, upgrading would not help, so it says who to ask instead.
 */
export function limitMessage(limits: EffectiveLimits, key: "maxAgents" | "maxMembers", suffix = "") {
  const n = limits[key];
  const [one, many, verb] = NOUNS[key];
  const noun = n === 1 ? one : many;
  if (limits.overrides[key] != null) return `Este workspace permite até ${n} ${noun}${suffix} (limite definido pela administração da plataforma).`;
  return `Seu plano ${limits.plan.name} permite até ${n} ${noun}${suffix}. Atualize seu plano para ${verb} mais.`;
}
