import { z } from "zod";

const required = (label: string) => z.string({ error: `${label} é obrigatório` }).trim().min(1, `${label} é obrigatório`).max(2000);

/** SPEC §5 channel configs: every token and id field required and non-empty. */
export const whatsappCloudConfigInput = z.object({
  accessToken: required("Access token"),
  phoneNumberId: required("Phone number ID"),
  businessAccountId: required("Business account ID"),
  webhookVerifyToken: required("Webhook verify token"),
  appSecret: required("App secret"),
});
export type WhatsAppCloudConfigInput = z.infer<typeof whatsappCloudConfigInput>;

export const connectWhatsAppInput = z.object({ agentId: z.uuid(), config: whatsappCloudConfigInput });

/** An update may leave the secrets out to keep the stored ones (the form never receives them back). */
export const updateWhatsAppInput = z.object({
  id: z.uuid(),
  config: whatsappCloudConfigInput.extend({ accessToken: required("Access token").optional(), appSecret: required("App secret").optional() }),
});

export const connectionIdInput = z.object({ id: z.uuid() });
export const listConnectionsInput = z.object({ agentId: z.uuid().optional() }).optional();

/** SPEC §5 Telegram: the bot token is required and non-empty (validated against getMe on connect). */
export const connectTelegramInput = z.object({ agentId: z.uuid(), botToken: required("Token do bot") });
