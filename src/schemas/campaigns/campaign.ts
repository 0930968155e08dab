import { z } from "zod";
import { CAMPAIGN_STATUSES } from "./status";
import { campaignSettingsSchema, campaignTemplateChoiceSchema } from "./settings";

/**
 * A campaign's form and its procedures (SPEC §5 "Campaigns"): one schema for the step-by-step form
 * and the server, so every bound and message is the same on both sides.
 */
export const CAMPAIGN_NAME = { min: 2, max: 200 } as const;
export const CAMPAIGN_MESSAGE_MAX = 4096;
/** Variants rotated when rotateContent is on; more than a few only dilutes the review. */
export const CAMPAIGN_MAX_VARIANTS = 5;
export const CAMPAIGN_PAGE_SIZE = 20;

const uuid = (message: string) => z.uuid({ message });

export const campaignNameField = z
  .string({ error: "Informe o nome da campanha" })
  .trim()
  .min(CAMPAIGN_NAME.min, `O nome deve ter pelo menos ${CAMPAIGN_NAME.min} caracteres`)
  .max(CAMPAIGN_NAME.max, `O nome deve ter no máximo ${CAMPAIGN_NAME.max} caracteres`);

export const campaignMessageField = z
  .string()
  .trim()
  .min(1, "Mensagem não pode estar vazia")
  .max(CAMPAIGN_MESSAGE_MAX, `A mensagem deve ter no máximo ${CAMPAIGN_MESSAGE_MAX} caracteres`);

export const campaignMediaSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2048, "A URL deve ter no máximo 2048 caracteres")
    .refine((u) => /^https?:\/\/[^\s]+$/i.test(u), "Informe uma URL http(s) válida"),
  kind: z.enum(["image", "document"], { error: "Escolha imagem ou documento" }),
  name: z.string().trim().max(200, "O nome do arquivo deve ter no máximo 200 caracteres").nullish(),
});
export type CampaignMedia = z.infer<typeof campaignMediaSchema>;

/** Fields of the form, each step validating its part with .pick(). */
export const campaignFields = z.object({
  name: campaignNameField,
  listId: uuid("Escolha uma lista"),
  connectionId: uuid("Escolha uma conexão").nullish(),
  messages: z.array(campaignMessageField).max(CAMPAIGN_MAX_VARIANTS, `No máximo ${CAMPAIGN_MAX_VARIANTS} variações de mensagem`),
  template: campaignTemplateChoiceSchema.nullish(),
  media: campaignMediaSchema.nullish(),
  /** Epoch ms; absent = start when "Iniciar campanha" is pressed. */
  startAt: z.number().int().positive().nullish(),
  settings: campaignSettingsSchema,
});

type Fields = z.infer<typeof campaignFields>;
type PartialFields = Partial<Fields>;

/** The cross-field rules (messages vs template vs media); the time rule needs "now", passed in. */
export function checkCampaignRules(v: PartialFields, ctx: z.RefinementCtx, now = Date.now()) {
  const messages = v.messages ?? [];
  if (!v.template && messages.length === 0)
    ctx.addIssue({ code: "custom", path: ["messages"], message: "Mensagem não pode estar vazia" });
  if (v.template && messages.length > 0)
    ctx.addIssue({ code: "custom", path: ["messages"], message: "Com um modelo aprovado, a mensagem é a do modelo: remova as variações" });
  if (v.template && v.media)
    ctx.addIssue({ code: "custom", path: ["media"], message: "Modelos aprovados não levam anexo: use a mídia do cabeçalho do modelo" });
  // A minute of slack: the form's "now" and the server's differ by the request's trip.
  if (v.startAt != null && v.startAt < now - 60_000)
    ctx.addIssue({ code: "custom", path: ["startAt"], message: "A data de início não pode estar no passado" });
}

export const createCampaignInput = campaignFields.superRefine((v, ctx) => checkCampaignRules(v, ctx));
export type CreateCampaignInput = z.infer<typeof createCampaignInput>;

export const campaignIdInput = z.object({ id: uuid("ID inválido") });

export const updateCampaignInput = z.object({
  id: uuid("ID inválido"),
  /** The whole form again: the rules are cross-field, a partial patch could not be checked alone. */
  patch: createCampaignInput,
});
export type UpdateCampaignInput = z.infer<typeof updateCampaignInput>;

export const listCampaignsInput = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});

export const CAMPAIGN_SEND_STATUSES = ["pending", "sending", "sent", "delivered", "read", "failed", "skipped"] as const;
export type CampaignSendStatus = (typeof CAMPAIGN_SEND_STATUSES)[number];
export const CAMPAIGN_SEND_STATUS_LABEL: Record<CampaignSendStatus, string> = {
  pending: "Na fila",
  sending: "Enviando",
  sent: "Enviada",
  delivered: "Entregue",
  read: "Lida",
  failed: "Falhou",
  skipped: "Ignorada",
};

export const campaignSendsInput = z.object({
  id: uuid("ID inválido"),
  status: z.enum(CAMPAIGN_SEND_STATUSES).optional(),
  /** Phone digits or part of the name. */
  search: z.string().trim().max(200).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});

export const campaignResultsInput = z.object({
  id: uuid("ID inválido"),
  bucket: z.enum(["hour", "day"]).default("hour"),
});

export const campaignTemplatesInput = z.object({ connectionId: uuid("Escolha uma conexão") });
export const campaignPriceInput = z.object({ listId: uuid("Escolha uma lista").nullish() });
