import { z } from "zod";
import { contactFilter } from "../crm/contacts";
import { normalizePhone } from "../crm/normalize";

/** One run checks at most this many numbers (a bigger set: split it, or refine the filter). */
export const VALIDATION_MAX_NUMBERS = 10_000;
/** Numbers per /chat/check call, and the pause between two calls (under the gateway's limit). */
export const VALIDATION_BATCH_SIZE = 50;
export const VALIDATION_PAUSE_MS = 1_500;
export const VALIDATION_RESULTS_PAGE = 50;

export const VALIDATION_ERRORS = {
  noConnection: "Conecte um WhatsApp por servidor próprio (UAZAPI) para validar números. A API oficial do WhatsApp não oferece verificação de números.",
  notConnected: "Este WhatsApp não está conectado. Leia o QR code na página de canais e tente de novo.",
  officialApi: "A API oficial do WhatsApp (Cloud API) não oferece verificação de números: escolha um WhatsApp por servidor próprio.",
  empty: "Nenhum número válido para verificar.",
  tooMany: `Mais de ${VALIDATION_MAX_NUMBERS.toLocaleString("pt-BR")} números: divida a lista ou refine o filtro.`,
  notFound: "Validação não encontrada",
  finished: "Esta validação já terminou.",
  targetNotFound: "Lista não encontrada",
} as const;

/** The textarea: one number per line (commas and semicolons also split); blank lines ignored. */
export const typedNumbers = z
  .string()
  .max(300_000, { message: "Texto grande demais" })
  .transform((s) => s.split(/[\n,;]+/).map((l) => l.trim()).filter(Boolean));

/** Typed lines → E.164 numbers (deduplicated) and the lines that are not phones. */
export function parseTypedNumbers(lines: string[]): { phones: string[]; invalid: string[] } {
  const phones = new Set<string>();
  const invalid: string[] = [];
  for (const line of lines) {
    const phone = normalizePhone(line);
    if (phone) phones.add(phone);
    else invalid.push(line);
  }
  return { phones: [...phones], invalid };
}

export const validationTarget = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("numbers"), text: typedNumbers }),
  z.object({ kind: z.literal("campaign_list"), listId: z.uuid({ message: "Escolha uma lista" }) }),
  z.object({ kind: z.literal("lead_list"), listId: z.uuid({ message: "Escolha uma lista" }) }),
  z.object({ kind: z.literal("contacts"), filter: contactFilter.optional() }),
]);

export const startValidationInput = z.object({
  connectionId: z.uuid({ message: "Escolha a conexão de WhatsApp" }),
  target: validationTarget,
});
export type StartValidationInput = z.output<typeof startValidationInput>;

export const validationRunIdInput = z.object({ id: z.uuid({ message: "ID inválido" }) });

export const validationResultsInput = z.object({
  id: z.uuid({ message: "ID inválido" }),
  filter: z.enum(["all", "valid", "invalid", "pending"]).default("all"),
  page: z.number().int().min(1).max(1000).default(1),
});

export const validationStatusLabel: Record<string, string> = {
  pending: "Na fila",
  running: "Verificando",
  completed: "Concluída",
  failed: "Falhou",
  cancelled: "Cancelada",
};

export const validationTargetLabel: Record<string, string> = {
  numbers: "Números digitados",
  campaign_list: "Lista de campanha",
  lead_list: "Lista de leads",
  contacts: "Contatos",
};
