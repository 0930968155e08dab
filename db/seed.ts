import { count, eq } from "drizzle-orm";
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

const PLANS = [
  { name: "Gratuito", billingPeriod: "free", priceCents: 0, creditsIncluded: 100, maxAgents: 1, maxWorkspaces: 2, maxMembers: 3, sortOrder: 0, features: ["1 agente", "100 créditos", "Chat web"] },
  { name: "Essencial", billingPeriod: "monthly", priceCents: 9700, creditsIncluded: 5000, maxAgents: 3, maxWorkspaces: 3, maxMembers: 5, sortOrder: 1, validityDays: 30, features: ["3 agentes", "5.000 créditos/mês", "WhatsApp e Telegram"] },
  { name: "Profissional", billingPeriod: "monthly", priceCents: 29700, creditsIncluded: 20000, maxAgents: 10, maxWorkspaces: 5, maxMembers: 15, sortOrder: 2, validityDays: 30, isPopular: true, features: ["10 agentes", "20.000 créditos/mês", "Todos os canais", "Integrações"] },
  { name: "Empresarial", billingPeriod: "monthly", priceCents: 99700, creditsIncluded: 100000, maxAgents: 50, maxWorkspaces: 20, maxMembers: 100, sortOrder: 3, validityDays: 30, features: ["50 agentes", "100.000 créditos/mês", "Suporte prioritário"] },
];

/**
 * Idempotent first-start seed: plans, credit config, model pricing, the admin and a demo
 * workspace. Returns the generated admin password when one had to be invented (printed once).
 */
export async function seed(
  db: Db,
  opts: {
    adminEmail?: string;
    adminPassword?: string;
    /** The service that creates a workspace with its plan and wallet (db/ does not import src/services). */
    createWorkspace: (tx: DbOrTx, owner: { id: string }, input: { name: string; description?: string | null }) => Promise<{ id: string }>;
  },
) {
  const [planCount] = await db.select({ n: count() }).from(plans);
  if (!planCount?.n) await db.insert(plans).values(PLANS);
  await db.insert(creditSystemConfig).values({ id: 1 }).onConflictDoNothing();
  await db.insert(modelPricing).values(PRICING).onConflictDoNothing();

  const [admins] = await db.select({ n: count() }).from(users).where(eq(users.role, "admin"));
  if (admins?.n) return { generatedAdminPassword: null, adminEmail: null };

  const adminEmail = (opts.adminEmail ?? "admin@atenda.local").toLowerCase();
  const password = opts.adminPassword ?? randomToken(12);
  const [admin] = await db
    .insert(users)
    .values({
      email: adminEmail,
      firstName: "Admin",
      lastName: "Atenda",
      role: "admin",
      emailVerified: true,
      passwordHash: await Bun.password.hash(password, "argon2id"),
    })
    .returning();
  if (!admin) throw new Error("seed: admin not created");
  const demo = await db.transaction((tx) => opts.createWorkspace(tx, admin, { name: "Workspace Demo", description: "Workspace de demonstração" }), {
    behavior: "immediate",
  });
  await db.update(users).set({ lastWorkspaceId: demo.id }).where(eq(users.id, admin.id));
  const [wsCount] = await db.select({ n: count() }).from(workspaces);
  log.info("seeded admin and demo workspace", { adminEmail, workspaces: wsCount?.n });
  return { generatedAdminPassword: opts.adminPassword ? null : password, adminEmail };
}
