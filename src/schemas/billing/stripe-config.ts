import { z } from "zod";

/**
 * The admin's Stripe settings (/admin/stripe-config). The secret key and the webhook secret are
 * encrypted at rest (platform_settings "stripe") and never sent back; an empty one keeps the stored.
 */
export const stripeConfigInput = z.object({
  secretKey: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, "A chave secreta começa com sk_test_, sk_live_, rk_test_ ou rk_live_")
    .or(z.literal(""))
    .default(""),
  webhookSecret: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9_]+$/, "O segredo do webhook começa com whsec_")
    .or(z.literal(""))
    .default(""),
  publishableKey: z
    .string()
    .trim()
    .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, "A chave publicável começa com pk_test_ ou pk_live_")
    .or(z.literal(""))
    .default(""),
  /** Pix and boleto where the Stripe account enables them (checkout shows them besides the card). */
  enablePix: z.boolean().default(false),
  enableBoleto: z.boolean().default(false),
});
export type StripeConfigInput = z.infer<typeof stripeConfigInput>;

/** What the admin screen and the checkout see: flags instead of secrets. */
export type StripeConfigView = {
  hasSecretKey: boolean;
  hasWebhookSecret: boolean;
  publishableKey: string;
  enablePix: boolean;
  enableBoleto: boolean;
  /** test or live, read from the key's prefix (null without a key) */
  mode: "test" | "live" | null;
  updatedAt: number | null;
};

export const BILLING_NOT_CONFIGURED = "Os pagamentos ainda não estão configurados nesta instalação. Fale com o administrador.";

/** The admin's "Testar": the key typed in the form (empty = the stored one). */
export const stripeTestInput = z.object({ secretKey: stripeConfigInput.shape.secretKey });
