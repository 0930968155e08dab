import { z } from "zod";

/** The admin's price per campaign message (issue 16: sends are free unless the admin sets a price). */
export const CAMPAIGN_PRICE_MAX = 1000;

export const campaignPricingInput = z.object({
  creditsPerMessage: z
    .number({ error: "Informe os créditos por mensagem" })
    .min(0, "O preço não pode ser negativo")
    .max(CAMPAIGN_PRICE_MAX, `No máximo ${CAMPAIGN_PRICE_MAX} créditos por mensagem`)
    .refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, "Use no máximo 3 casas decimais"),
});
export type CampaignPricing = z.infer<typeof campaignPricingInput>;

export const DEFAULT_CAMPAIGN_PRICING: CampaignPricing = { creditsPerMessage: 0 };
