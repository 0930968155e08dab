import { z } from "zod";
import { HEADER_SAFE, headerSafeMessage, httpUrl } from "./text";

const required = (label: string) => z.string({ error: `${label} é obrigatório` }).trim().min(1, `${label} é obrigatório`).max(2000);
/** A token or id given by the provider: required, and sendable in a header or URL as it is. */
const credential = (label: string) => required(label).regex(HEADER_SAFE, headerSafeMessage(label));

/** SPEC §5 channel configs: every token and id field required and non-empty. */
export const whatsappCloudConfigInput = z.object({
  accessToken: credential("Access token"),
  phoneNumberId: credential("Phone number ID"),
  businessAccountId: credential("Business account ID"),
  webhookVerifyToken: credential("Webhook verify token"),
  appSecret: credential("App secret"),
});
export type WhatsAppCloudConfigInput = z.infer<typeof whatsappCloudConfigInput>;

export const connectWhatsAppInput = z.object({ agentId: z.uuid(), config: whatsappCloudConfigInput });

/** An update may leave the secrets out to keep the stored ones (the form never receives them back). */
export const updateWhatsAppInput = z.object({
  id: z.uuid(),
  config: whatsappCloudConfigInput.extend({ accessToken: credential("Access token").optional(), appSecret: credential("App secret").optional() }),
});

export const connectionIdInput = z.object({ id: z.uuid() });
export const listConnectionsInput = z.object({ agentId: z.uuid().optional() }).optional();

/** SPEC §5 Telegram: the bot token is required and non-empty (validated against getMe on connect). */
export const telegramConfigInput = z.object({ botToken: credential("Token do bot") });
export const connectTelegramInput = telegramConfigInput.extend({ agentId: z.uuid() });

/** SPEC §5 own-server phone: an optional plus and 11–15 digits. */
export const PHONE_INVALID = "Número de telefone inválido";
const ownServerPhone = z.string().trim().regex(/^\+?\d{11,15}$/, PHONE_INVALID);
/** A form sends "" for an empty optional field: it means "not given". */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/**
 * WhatsApp through an own UAZAPI server. Without an instance token a new instance is created with
 * the admin token; with one, that existing instance is used (checked with its status).
 */
export const uazapiConfigInput = z.object({
  serverUrl: httpUrl("URL do servidor inválida"),
  adminToken: credential("Admin token"),
  instanceName: required("Nome da instância").pipe(z.string().max(100, "Nome da instância deve ter no máximo 100 caracteres")),
  phoneNumber: z.preprocess(blankToUndefined, ownServerPhone.optional()),
  instanceToken: z.preprocess(blankToUndefined, credential("Token da instância").optional()),
});
export type UazapiConfigInput = z.infer<typeof uazapiConfigInput>;
export const connectUazapiInput = uazapiConfigInput.extend({ agentId: z.uuid() });

/** A new QR code (no phone) or a pairing code for `phone`. */
export const uazapiPairInput = z.object({ id: z.uuid(), phone: z.preprocess(blankToUndefined, ownServerPhone.optional()) });

/** SPEC §3/§5 Instagram: every token and id required; the app secret checks the webhook signatures. */
export const instagramConfigInput = z.object({
  accessToken: credential("Access token"),
  appSecret: credential("App secret"),
  businessId: credential("Instagram business ID"),
  pageId: credential("Page ID"),
  webhookVerifyToken: credential("Webhook verify token"),
});
export type InstagramConfigInput = z.infer<typeof instagramConfigInput>;
export const connectInstagramInput = instagramConfigInput.extend({ agentId: z.uuid() });
/** As for WhatsApp: left-out secrets keep the stored ones. */
export const updateInstagramInput = z.object({
  id: z.uuid(),
  config: instagramConfigInput.extend({ accessToken: credential("Access token").optional(), appSecret: credential("App secret").optional() }),
});

/** The parsed shapes the channel services take (the procedures' `.input()` parses once). */
export type ConnectWhatsApp = z.output<typeof connectWhatsAppInput>;
export type UpdateWhatsApp = z.output<typeof updateWhatsAppInput>;
export type ConnectionRef = z.output<typeof connectionIdInput>;
export type ListConnections = z.output<typeof listConnectionsInput>;
export type ConnectTelegram = z.output<typeof connectTelegramInput>;
export type ConnectUazapi = z.output<typeof connectUazapiInput>;
export type UazapiPair = z.output<typeof uazapiPairInput>;
export type ConnectInstagram = z.output<typeof connectInstagramInput>;
export type UpdateInstagram = z.output<typeof updateInstagramInput>;
