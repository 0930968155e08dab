/**
 * Price per campaign message: a platform setting ("campaigns": { creditsPerMessage }, default 0 =
 * free) and the debit of one send, through the credits ledger (idempotent by send id).
 */
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client";
import { platformSettings } from "../../../db/schema";
import { type CampaignPricing, DEFAULT_CAMPAIGN_PRICING, campaignPricingInput } from "../../schemas/campaigns/pricing";
import type { AppDeps } from "../context";
import { type RawTx, debitInTransaction, withRawWrite } from "../credit-debit";
import { MILLI } from "../credits";
import { publicPlatformSetting, savePlatformSetting } from "../platform-settings";

const KEY = "campaigns";

/** A stored value that no longer validates reads as free rather than charging an odd price. */
function priceOf(value: unknown): number {
  const parsed = campaignPricingInput.safeParse(value);
  return parsed.success ? parsed.data.creditsPerMessage : DEFAULT_CAMPAIGN_PRICING.creditsPerMessage;
}

/** Credits per message right now (0 = free). For the form's price line and the scheduler. */
export async function campaignCreditsPerMessage(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, KEY)).limit(1);
  return priceOf(row?.value ?? null);
}

export async function getCampaignPricing(deps: AppDeps): Promise<CampaignPricing & { updatedAt: number | null }> {
  const { value, updatedAt } = await publicPlatformSetting(deps, KEY);
  return { creditsPerMessage: priceOf(value), updatedAt };
}

export async function saveCampaignPricing(deps: AppDeps, input: CampaignPricing, userId: string | null) {
  await savePlatformSetting(deps, KEY, input, userId);
  return getCampaignPricing(deps);
}

export type CampaignCharge =
  | { status: "free" }
  | { status: "charged" | "duplicate"; transactionId: string; creditsMilli: number }
  | { status: "insufficient"; requiredMilli: number; availableMilli: number };

async function charge(tx: RawTx, workspaceId: string, sendId: string, now: number): Promise<CampaignCharge> {
  const rs = await tx.execute({ sql: "SELECT value FROM platform_settings WHERE key = ?", args: [KEY] });
  const raw = rs.rows[0]?.value;
  const perMessage = priceOf(typeof raw === "string" ? JSON.parse(raw) : null);
  if (perMessage <= 0) return { status: "free" };
  const creditsMilli = Math.round(perMessage * MILLI);
  const price = { inputCostUsd: 0, outputCostUsd: 0, totalCostUsd: 0, creditsMilli, costBrl: 0 };
  const r = await debitInTransaction(
    tx,
    { workspaceId, provider: "campaign", model: "campaign-message", usage: { inputTokens: 0, outputTokens: 0 }, action: "campaign_send", idempotencyKey: `campaign-send:${sendId}` },
    price,
    now,
  );
  if (r.status === "insufficient") return r;
  return { status: r.status, transactionId: r.transactionId, creditsMilli: r.creditsMilli };
}

/**
 * Debits one campaign send before it goes out. `tx`: the caller's raw write transaction (so the
 * debit and the send's claim commit together), or null to run in its own. One ledger row per send
 * id: a retry returns "duplicate" and charges nothing. "insufficient": nothing charged, do not send.
 */
export async function chargeCampaignSend(deps: Pick<AppDeps, "db" | "now">, tx: RawTx | null, input: { workspaceId: string; sendId: string }): Promise<CampaignCharge> {
  const now = deps.now();
  if (tx) return charge(tx, input.workspaceId, input.sendId, now);
  return withRawWrite(deps.db as Db, (t) => charge(t, input.workspaceId, input.sendId, now));
}
