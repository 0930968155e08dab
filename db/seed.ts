import { and, count, eq, ne } from "drizzle-orm";
import type { Db, DbOrTx } from "./client";
import { creditSystemConfig, modelPricing, plans, users, workspaces } from "./schema";
import { randomToken } from "../src/lib/crypto";
import { log } from "../src/lib/logger";

/** Prices in USD per 1k tokens (public list prices at the time of writing). */
const PRICING = [
  { provider: "openai", modelId: "gpt-4o-mini", displayName: "GPT-4o mini", inputPricePer1k: 0.00015, outputPricePer1k: 0.0006, supportsVision: true },
  { provider: "openai", modelId: "gpt-4o", displayName: "GPT-4o", inputPricePer1k: 0.0025, outputPricePer1k: 0.01, supportsVision: true },
  { provider: "openai", modelId: "gpt-4.1-mini", displayName: "GPT-4.1 mini", inputPricePer1k: 0.0004, outputPricePer1k: 0.0016, supportsVision: true },
  { provider: "openai", modelId: "gpt-4.1", displayName: "GPT-4.1", inputPricePer1k: 0.002, outputPricePer1k: 0.008, supportsVision: true },
  { provider: "offline", modelId: "offline-extractive", displayName: "Modo offline (sem IA)", inputPricePer1k: 0, outputPricePer1k: 0, supportsVision: false, supportsFunctionCalling: false },
];

/** The free plan's credits come from FREE_PLAN_CREDITS (src/env.ts): its amount and its card's line. */
const creditsLine = (n: number) => `${n.toLocaleString("pt-BR")} ${n === 1 ? "crédito" : "créditos"}`;
const freePlanFeatures = (credits: number) => ["1 agente", creditsLine(credits), "Chat web"];

/** A function, not a constant: the first toLocaleString("pt-BR") loads ICU's number data, which the boot need not wait for. */
const defaultPlans = () => [
  { name: "Gratuito", billingPeriod: "free", priceCents: 0, creditsIncluded: 100, maxAgents: 1, maxWorkspaces: 2, maxMembers: 3, sortOrder: 0, features: freePlanFeatures(100) },
  { name: "Essencial", billingPeriod: "monthly", priceCents: 9700, creditsIncluded: 5000, maxAgents: 3, maxWorkspaces: 3, maxMembers: 5, sortOrder: 1, validityDays: 30, features: ["3 agentes", "5.000 créditos/mês", "WhatsApp e Telegram"] },
  { name: "Profissional", billingPeriod: "monthly", priceCents: 29700, creditsIncluded: 20000, maxAgents: 10, maxWorkspaces: 5, maxMembers: 15, sortOrder: 2, validityDays: 30, isPopular: true, features: ["10 agentes", "20.000 créditos/mês", "Todos os canais", "Integrações"] },
  { name: "Empresarial", billingPeriod: "monthly", priceCents: 99700, creditsIncluded: 100000, maxAgents: 50, maxWorkspaces: 20, maxMembers: 100, sortOrder: 3, validityDays: 30, features: ["50 agentes", "100.000 créditos/mês", "Suporte prioritário"] },
];

export type AdminCredentials = { password: string; hash: Promise<string> };

/**
 * The first admin's password and its argon2id hash. The hash takes a noticeable share of a first
 * start; it runs off the JS thread, so starting it before the migrations overlaps the two.
 */
export function adminCredentials(adminPassword?: string): AdminCredentials {
  const password = adminPassword ?? randomToken(12);
  return { password, hash: Bun.password.hash(password, "argon2id") };
}

/**
 * Idempotent first-start seed: plans, credit config, model pricing, the admin and a demo
 * workspace. Returns the generated admin password when one had to be invented (printed once).
 * Every start also sets the free plan's credits to `freePlanCredits` (FREE_PLAN_CREDITS), so the
 * grant (src/services/credits.ts, once per person) and the plan's card follow the env.
 */
export async function seed(
  db: Db,
  opts: {
    adminEmail?: string;
    adminPassword?: string;
    freePlanCredits?: number;
    /** Credentials hashed ahead (adminCredentials), when the caller knows the database is new. */
    admin?: AdminCredentials;
    /** The service that creates a workspace with its plan and wallet (db/ does not import src/services). */
    createWorkspace: (tx: DbOrTx, owner: { id: string }, input: { name: string; description?: string | null }) => Promise<{ id: string }>;
    /** Fills the new demo workspace ('Agente Demo' trained on its FAQ): only on the start that created it. */
    seedDemoWorkspace?: (workspace: { id: string }, owner: { id: string }) => Promise<unknown>;
  },
) {
  const [planCount] = await db.select({ n: count() }).from(plans);
  if (!planCount?.n) await db.insert(plans).values(defaultPlans());
  const credits = opts.freePlanCredits;
  if (credits !== undefined) {
    await db
      .update(plans)
      .set({ creditsIncluded: credits, features: freePlanFeatures(credits) })
      .where(and(eq(plans.billingPeriod, "free"), ne(plans.creditsIncluded, credits)));
  }
  await db.insert(creditSystemConfig).values({ id: 1 }).onConflictDoNothing();
  await db.insert(modelPricing).values(PRICING).onConflictDoNothing();

  const [admins] = await db.select({ n: count() }).from(users).where(eq(users.role, "admin"));
  if (admins?.n) return { generatedAdminPassword: null, adminEmail: null };

  const adminEmail = (opts.adminEmail ?? "admin@atenda.local").toLowerCase();
  const { password, hash } = opts.admin ?? adminCredentials(opts.adminPassword);
  const [admin] = await db
    .insert(users)
    .values({
      email: adminEmail,
      firstName: "Admin",
      lastName: "Atenda",
      role: "admin",
      emailVerified: true,
      passwordHash: await hash,
    })
    .returning();
  if (!admin) throw new Error("seed: admin not created");
  const demo = await db.transaction((tx) => opts.createWorkspace(tx, admin, { name: "Workspace Demo", description: "Workspace de demonstração" }), {
    behavior: "immediate",
  });
  await db.update(users).set({ lastWorkspaceId: demo.id }).where(eq(users.id, admin.id));
  await opts.seedDemoWorkspace?.(demo, admin);
  const [wsCount] = await db.select({ n: count() }).from(workspaces);
  log.info("seeded admin and demo workspace", { adminEmail, workspaces: wsCount?.n });
  return { generatedAdminPassword: opts.adminPassword ? null : password, adminEmail };
}
