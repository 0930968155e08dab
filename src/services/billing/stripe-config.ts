/**
 * The platform's Stripe account (/admin/stripe-config): keys in platform_settings "stripe" (the
 * secret key and webhook secret encrypted at rest), the admin's "Testar" that reads the account,
 * and `stripeOf` — the client every billing verb uses, or null while payments are not configured.
 */
import { type StripeClient, describeStripeError, stripeClient } from "../../adapters/stripe/client";
import { AppError } from "../../lib/errors";
import { BILLING_NOT_CONFIGURED, type StripeConfigInput, type StripeConfigView } from "../../schemas/billing/stripe-config";
import type { AppDeps } from "../context";
import { getPlatformSetting, publicPlatformSetting, savePlatformSetting } from "../platform-settings";

type StoredStripeConfig = Partial<StripeConfigInput>;

export async function stripeConfigView(deps: AppDeps): Promise<StripeConfigView> {
  const { value, updatedAt } = await publicPlatformSetting(deps, "stripe");
  const v = value as StoredStripeConfig & { hasSecretKey?: boolean; hasWebhookSecret?: boolean };
  const stored = await getPlatformSetting<StoredStripeConfig>(deps, "stripe");
  const key = stored?.secretKey ?? "";
  return {
    hasSecretKey: v.hasSecretKey === true,
    hasWebhookSecret: v.hasWebhookSecret === true,
    publishableKey: v.publishableKey ?? "",
    enablePix: v.enablePix === true,
    enableBoleto: v.enableBoleto === true,
    mode: key ? (key.includes("_live_") ? "live" : "test") : null,
    updatedAt,
  };
}

export async function saveStripeConfig(deps: AppDeps, input: StripeConfigInput, userId: string | null) {
  await savePlatformSetting(deps, "stripe", input, userId);
  return stripeConfigView(deps);
}

/** The admin's "Testar": reads the account with the key typed in, else the stored one. */
export async function testStripeConfig(deps: AppDeps, secretKey?: string) {
  const stored = await getPlatformSetting<StoredStripeConfig>(deps, "stripe");
  const key = secretKey || stored?.secretKey;
  if (!key) throw new AppError("VALIDATION", "Informe a chave secreta da Stripe");
  try {
    const account = await (await stripeClient(deps.env.STRIPE_API_BASE, key)).accounts.retrieveCurrent();
    return { ok: true as const, accountId: account.id, name: account.settings?.dashboard?.display_name ?? account.business_profile?.name ?? null, country: account.country ?? null, chargesEnabled: account.charges_enabled === true, error: null };
  } catch (err) {
    return { ok: false as const, accountId: null, name: null, country: null, chargesEnabled: false, error: describeStripeError(err) };
  }
}

export type StripeAccess = { client: StripeClient; webhookSecret: string | null; enablePix: boolean; enableBoleto: boolean };

/** The configured client, or null: with no key the product runs and checkout says payments are off. */
export async function stripeOf(deps: AppDeps): Promise<StripeAccess | null> {
  const stored = await getPlatformSetting<StoredStripeConfig>(deps, "stripe");
  if (!stored?.secretKey) return null;
  return { client: await stripeClient(deps.env.STRIPE_API_BASE, stored.secretKey), webhookSecret: stored.webhookSecret || null, enablePix: stored.enablePix === true, enableBoleto: stored.enableBoleto === true };
}

/** The same, for verbs that cannot go on without it (checkout, portal, refunds, plan sync). */
export async function requireStripe(deps: AppDeps): Promise<StripeAccess> {
  const access = await stripeOf(deps);
  if (!access) throw new AppError("PRECONDITION_FAILED", BILLING_NOT_CONFIGURED);
  return access;
}
