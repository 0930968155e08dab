import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { line, optional, paragraph } from "../text";

/** SPEC §5: "Activity type one of email, call, meeting, task, note". */
export const activityTypes = ["email", "call", "meeting", "task", "note"] as const;
export type ActivityType = (typeof activityTypes)[number];
export const ACTIVITY_TYPE_LABEL: Record<ActivityType, string> = { email: "E-mail", call: "Ligação", meeting: "Reunião", task: "Tarefa", note: "Nota" };

/** SPEC §3: status default pending. */
export const activityStatuses = ["pending", "completed", "cancelled"] as const;
export type ActivityStatus = (typeof activityStatuses)[number];
export const ACTIVITY_STATUS_LABEL: Record<ActivityStatus, string> = { pending: "Pendente", completed: "Concluída", cancelled: "Cancelada" };

/** pt-BR refusals of the deal page, quoted by the screens and tests. */
export const DEAL_DETAIL_ERRORS = {
  activityNotFound: "Atividade não encontrada",
  productNotFound: "Produto não encontrado",
  tooManyProducts: "Um negócio pode ter no máximo 200 produtos",
} as const;
export const MAX_PRODUCTS_PER_DEAL = 200;

const uuid = z.uuid({ message: "ID inválido" });
export const dealIdInput = z.object({ dealId: uuid });
export const activityIdInput = z.object({ id: uuid });
export const productIdInput = z.object({ id: uuid });

const outcome = optional(paragraph(1, 2000, { max: "Resultado deve ter no máximo 2000 caracteres" }));

/** SPEC §5 CRM activity rules; scheduledAt is ms UTC (the form converts from São Paulo time). */
export const activityFields = z.object({
  type: z.enum(activityTypes, { message: "Tipo de atividade inválido" }),
  subject: line(2, 200, { min: "Assunto deve ter pelo menos 2 caracteres", max: "Assunto deve ter no máximo 200 caracteres" }),
  description: optional(paragraph(1, 2000, { max: "Descrição deve ter no máximo 2000 caracteres" })),
  scheduledAt: z.number({ message: "Data inválida" }).int("Data inválida").min(0, "Data inválida").nullable().optional(),
  duration: z
    .number({ message: "Duração inválida" })
    .int("Duração deve ser em minutos inteiros")
    .min(1, "Duração deve ser de pelo menos 1 minuto")
    .max(1440, "Duração deve ser de no máximo 1440 minutos (24 horas)")
    .nullable()
    .optional(),
});
export type ActivityFields = z.infer<typeof activityFields>;

export const createActivityInput = activityFields.extend({ dealId: uuid });
export type CreateActivityInput = z.infer<typeof createActivityInput>;

/** A patch: only the fields sent change; status back to pending reopens a completed activity. */
export const updateActivityInput = z.object({
  id: uuid,
  patch: activityFields.partial().extend({ status: z.enum(activityStatuses, { message: "Status inválido" }).optional(), outcome }),
});
export type UpdateActivityInput = z.infer<typeof updateActivityInput>;

/** "Marcar como concluída", with what came of it. */
export const completeActivityInput = z.object({ id: uuid, outcome });
export type CompleteActivityInput = z.infer<typeof completeActivityInput>;

/** "Para hoje": the whole workspace, or only mine (deals I own or activities I created). */
export const dueTodayInput = z.object({ mine: z.boolean().default(false) }).default({ mine: false });
export type DueTodayInput = z.infer<typeof dueTodayInput>;

const percent = (label: string) =>
  z
    .number({ message: `${label} inválido` })
    .min(0, `${label} deve ser entre 0 e 100%`)
    .max(100, `${label} deve ser entre 0 e 100%`);

/** SPEC §5: "Deal product name 1-200"; money in integer centavos; the total is never taken from the client. */
const productBase = z.object({
  name: line(1, 200, { min: "Nome do produto é obrigatório", max: "Nome do produto deve ter no máximo 200 caracteres" }),
  quantity: z.number({ message: "Quantidade inválida" }).gt(0, "Quantidade deve ser maior que zero").max(1_000_000, "Quantidade deve ser de no máximo 1.000.000"),
  unitPriceCents: z
    .number({ message: "Preço unitário inválido" })
    .int("Preço unitário inválido")
    .min(0, "Preço unitário não pode ser negativo")
    .max(100_000_000_000, "Preço unitário acima do máximo"),
  discount: percent("Desconto"),
  tax: percent("Imposto"),
});
/** A new line: no discount or tax unless given (a patch has no defaults, so it never resets them). */
export const productFields = productBase.extend({ discount: productBase.shape.discount.default(0), tax: productBase.shape.tax.default(0) });
export type ProductFields = z.infer<typeof productFields>;

/** `useAsDealValue`: "usar total dos produtos como valor do negócio" after this change. */
export const addProductInput = productFields.extend({ dealId: uuid, useAsDealValue: z.boolean().default(false) });
export type AddProductInput = z.infer<typeof addProductInput>;
export const updateProductInput = z.object({ id: uuid, patch: productBase.partial(), useAsDealValue: z.boolean().default(false) });
export type UpdateProductInput = z.infer<typeof updateProductInput>;
export const deleteProductInput = productIdInput.extend({ useAsDealValue: z.boolean().default(false) });
export type DeleteProductInput = z.infer<typeof deleteProductInput>;

/**
 * A line's total in centavos: round(qty × unit × (1 − discount/100) × (1 + tax/100)), half up.
 * Percentages stay whole numbers until the last division, and a 1e-6 snap absorbs float noise
 * (0.1 × 3 …) so a half centavo rounds the same way on every machine. The server stores this.
 */
export function lineTotalCents(p: Pick<ProductFields, "quantity" | "unitPriceCents" | "discount" | "tax">): number {
  const raw = (p.quantity * p.unitPriceCents * (100 - p.discount) * (100 + p.tax)) / 10_000;
  return Math.round(Math.round(raw * 1e6) / 1e6);
}

const SAO_PAULO = "America/Sao_Paulo";

/** The São Paulo calendar day holding `now`: [start, end) in ms UTC. */
export function saoPauloDay(now: number): { start: number; end: number } {
  const local = new TZDate(now, SAO_PAULO);
  const start = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), 0, 0, 0, SAO_PAULO).getTime();
  const end = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, 0, 0, 0, SAO_PAULO).getTime();
  return { start, end };
}

/** "2026-11-22T14:30" read as São Paulo wall time (the datetime-local field) → ms UTC, or null. */
export function saoPauloLocalToMs(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  return new TZDate(y, mo - 1, d, h, mi, 0, SAO_PAULO).getTime();
}

/** ms UTC → "2026-11-22T14:30" in São Paulo wall time, for a datetime-local field. */
export function msToSaoPauloLocal(ms: number): string {
  const t = new TZDate(ms, SAO_PAULO);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${t.getFullYear()}-${p(t.getMonth() + 1)}-${p(t.getDate())}T${p(t.getHours())}:${p(t.getMinutes())}`;
}
