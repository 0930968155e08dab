import { z } from "zod";

/** The admin's credit packs (/admin/planos, tab "Pacotes de créditos"): form and procedures. */
export const packFields = z.object({
  name: z.string().trim().min(2, "O nome precisa de pelo menos 2 caracteres").max(60, "O nome pode ter até 60 caracteres"),
  /** Whole credits; SPEC: one grant gives at most 100.000. */
  credits: z.number().int("Use um número inteiro").min(1, "O mínimo é 1 crédito").max(100_000, "O máximo é 100.000 créditos"),
  priceCents: z.number().int().min(50, "O preço mínimo é R$ 0,50").max(100_000_000, "Preço acima do máximo"),
  /** null: the credits never expire. */
  expiresInDays: z.number().int().min(1, "O mínimo é 1 dia").max(3650, "O máximo é 3650 dias").nullable(),
  isActive: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export const packInput = packFields;
export type PackInput = z.infer<typeof packInput>;
export const packUpdateInput = packFields.extend({ id: z.string().min(1).max(64) });
export const packIdInput = z.object({ id: z.string().min(1).max(64) });
export const packSetActiveInput = z.object({ id: z.string().min(1).max(64), isActive: z.boolean() });
