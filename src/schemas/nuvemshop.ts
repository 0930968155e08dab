/**
 * Nuvemshop (Tiendanube) contract (SPEC §3 e-commerce integration, protocols.md §10): the same
 * schema validates the card's form in the browser and the tRPC input on the server.
 */
import { z } from "zod";

export const STORE_ID_REQUIRED = "Informe o ID da loja";
export const STORE_ID_INVALID = "ID da loja deve conter apenas números";
export const TOKEN_REQUIRED = "Informe o token de acesso da Nuvemshop";

export const nuvemshopInput = z.object({
  /** The store's numeric id (the `user_id` of the app install; "Minha loja" › ID). */
  storeId: z.string().trim().min(1, STORE_ID_REQUIRED).max(20, STORE_ID_INVALID).regex(/^\d+$/, STORE_ID_INVALID),
  /** Secret: "" or absent on update keeps the stored token (the form never receives it). */
  accessToken: z
    .string()
    .trim()
    .max(500, "Token de acesso deve ter no máximo 500 caracteres")
    .refine((s) => !/\s/.test(s), "Token de acesso não pode conter espaços")
    .optional(),
  enabled: z.boolean().default(true),
});
export type NuvemshopInput = z.input<typeof nuvemshopInput>;

/** "Testar": the unsaved form (blank token = the stored one), or nothing to test what is saved. */
export const nuvemshopTestInput = nuvemshopInput.partial({ storeId: true }).optional();
export type NuvemshopConfig = z.output<typeof nuvemshopInput>;
export type NuvemshopTest = z.output<typeof nuvemshopTestInput>;
export const saveNuvemshopInput = z.object({ agentId: z.uuid(), config: nuvemshopInput });
export const testNuvemshopInput = z.object({ agentId: z.uuid(), config: nuvemshopTestInput });

/** Order / payment / shipping states as the customer should hear them. */
export const ORDER_STATUS_LABELS: Record<string, string> = { open: "aberto", closed: "concluído", cancelled: "cancelado" };
export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: "aguardando pagamento",
  authorized: "pagamento autorizado",
  paid: "pago",
  abandoned: "abandonado",
  refunded: "reembolsado",
  voided: "pagamento cancelado",
};
export const SHIPPING_STATUS_LABELS: Record<string, string> = {
  unpacked: "aguardando envio",
  unfulfilled: "aguardando envio",
  unshipped: "aguardando envio",
  packed: "embalado",
  shipped: "enviado",
  fulfilled: "enviado",
  delivered: "entregue",
};
