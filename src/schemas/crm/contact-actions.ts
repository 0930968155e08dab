import { z } from "zod";
import { line } from "../text";
import { contactStatuses } from "./contacts";

/** Bulk actions take explicit ids, at most this many a call (one transaction, bounded). */
export const BULK_MAX_IDS = 1000;

const tag = z.string().trim().min(1, "Etiqueta vazia").max(50, "Etiqueta deve ter no máximo 50 caracteres");
const tags = z.array(tag).min(1, "Informe ao menos uma etiqueta").max(30, "No máximo 30 etiquetas");
const listId = z.uuid({ message: "Lista inválida" });

export const bulkContactAction = z.discriminatedUnion("type", [
  z.object({ type: z.literal("addTags"), tags }),
  z.object({ type: z.literal("removeTags"), tags }),
  z.object({ type: z.literal("setStatus"), status: z.enum(contactStatuses, { message: "Status inválido" }) }),
  z.object({ type: z.literal("addToList"), listId }),
  z.object({ type: z.literal("removeFromList"), listId }),
  z.object({ type: z.literal("delete") }),
]);
export type BulkContactAction = z.infer<typeof bulkContactAction>;

export const bulkContactsInput = z.object({
  ids: z
    .array(z.uuid({ message: "ID inválido" }))
    .min(1, "Selecione ao menos um contato")
    .max(BULK_MAX_IDS, `Selecione no máximo ${BULK_MAX_IDS} contatos por vez`),
  action: bulkContactAction,
});
export type BulkContactsInput = z.infer<typeof bulkContactsInput>;

export const contactListFields = z.object({
  name: line(2, 100, { min: "Nome da lista deve ter pelo menos 2 caracteres", max: "Nome da lista deve ter no máximo 100 caracteres" }),
  description: z.string().trim().max(500, "Descrição deve ter no máximo 500 caracteres").optional(),
});
export const createContactListInput = contactListFields;
export const renameContactListInput = contactListFields.extend({ id: listId });
export const contactListIdInput = z.object({ id: listId });

/** A contact's timeline: the newest items of each kind, merged. */
export const contactTimelineInput = z.object({ id: z.uuid({ message: "ID inválido" }), limit: z.number().int().min(1).max(200).default(100) });

/** Erasing asks the person to type the contact's name (checked on the server too). */
export const eraseContactInput = z.object({ id: z.uuid({ message: "ID inválido" }), confirmName: z.string().trim().min(1, "Digite o nome do contato para confirmar").max(200) });
export const ERASE_CONFIRM_MISMATCH = "O nome digitado não confere com o do contato.";
/** What replaces a customer's message text after an LGPD erasure. */
export const ERASED_MESSAGE = "[Mensagem removida a pedido do titular (LGPD)]";
export const ERASED_MARK = "[removido]";
