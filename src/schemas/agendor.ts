/**
 * Agendor CRM contract (SPEC §3 "CRM integration"): the same schemas validate the card's form in
 * the browser and the tRPC input on the server; the tool argument schemas validate what the model
 * sends before anything reaches Agendor.
 */
import { z } from "zod";
import { HEADER_SAFE, headerSafeMessage, httpUrl, line, optional, paragraph } from "./text";

/** The real API; AGENDOR_API_BASE (read at call time) replaces it, e.g. to point tests at a fake. */
export const AGENDOR_DEFAULT_BASE = "https://api.agendor.com.br/v3";

export const TOKEN_REQUIRED = "Informe o token de API do Agendor";
export const INVALID_TOKEN = "Token do Agendor inválido";

/** An id picked from a list loaded from Agendor: a positive integer, or empty (null). */
const pickedId = (message: string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : typeof v === "string" ? Number(v) : v),
    z.number({ message }).int(message).positive(message).nullable(),
  );

export const agendorInput = z.object({
  /** "" or absent on update keeps the stored token (the form never receives it). */
  apiToken: z.string().trim().max(200, "Token deve ter no máximo 200 caracteres").regex(HEADER_SAFE, headerSafeMessage("Token")).optional(),
  /** Empty: the default Agendor API. A custom URL is only reached through safe-fetch. */
  baseUrl: optional(httpUrl("URL base inválida")),
  organizationName: optional(line(0, 150, { max: "Nome da conta deve ter no máximo 150 caracteres" })),
  defaultFunnelId: pickedId("Funil inválido").default(null),
  /** Sequence number (1..n) of the stage inside the funnel, as Agendor expects in `dealStage`. */
  defaultStage: pickedId("Etapa inválida").default(null),
  defaultOriginId: pickedId("Origem inválida").default(null),
  defaultUserId: pickedId("Responsável inválido").default(null),
  syncOrganizations: z.boolean().default(true),
  syncPeople: z.boolean().default(true),
  syncDeals: z.boolean().default(true),
  syncTasks: z.boolean().default(true),
  /**
   * The agent's conversation setting "Adicionar ao funil automaticamente" (SPEC §3), shown on the
   * card too: saved into the agent, never into the integration. Absent: left as it is.
   */
  autoAddToFunnel: z.boolean().optional(),
  enabled: z.boolean().default(true),
});
export type AgendorInput = z.input<typeof agendorInput>;
export type AgendorSettings = z.output<typeof agendorInput>;

export const agendorSaveInput = z.object({ agentId: z.uuid(), settings: agendorInput });
export type AgendorSave = z.output<typeof agendorSaveInput>;

/** "Testar" and the pickers: the form's unsaved token/base URL, else the stored ones. */
export const agendorProbeInput = z.object({
  agentId: z.uuid(),
  apiToken: z.string().trim().max(200, "Token deve ter no máximo 200 caracteres").regex(HEADER_SAFE, headerSafeMessage("Token")).optional(),
  baseUrl: optional(httpUrl("URL base inválida")),
});
export type AgendorProbe = z.output<typeof agendorProbeInput>;

/** The config as stored (apiToken is a SecretBox ciphertext at rest). */
export type AgendorConfig = Omit<AgendorSettings, "enabled"> & { apiToken?: string };

// ---- tool arguments (the model's calls) -------------------------------------------------------
const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(200, "E-mail deve ter no máximo 200 caracteres")
  .refine((s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), "E-mail inválido");
const phone = z
  .string()
  .trim()
  .max(50, "Telefone deve ter no máximo 50 caracteres")
  .refine((s) => {
    const d = s.replace(/\D/g, "").length;
    return d >= 8 && d <= 15;
  }, "Telefone inválido");

export const leadArgs = z.object({
  nome: optional(line(2, 150, { min: "Nome deve ter pelo menos 2 caracteres", max: "Nome deve ter no máximo 150 caracteres" })),
  telefone: optional(phone),
  email: optional(email),
  empresa: optional(line(0, 150, { max: "Empresa deve ter no máximo 150 caracteres" })),
  observacao: optional(paragraph(0, 700, { max: "Observação deve ter no máximo 700 caracteres" })),
});

export const dealArgs = z.object({
  titulo: line(2, 150, { min: "Título deve ter pelo menos 2 caracteres", max: "Título deve ter no máximo 150 caracteres" }),
  valor: z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v.replace(/\./g, "").replace(",", ".")) : v),
    z.number({ message: "Valor inválido" }).min(0, "Valor não pode ser negativo").max(1_000_000_000, "Valor muito alto").optional(),
  ),
  descricao: optional(paragraph(0, 2000, { max: "Descrição deve ter no máximo 2000 caracteres" })),
});

export const taskArgs = z.object({
  texto: paragraph(2, 1000, { min: "Texto da tarefa deve ter pelo menos 2 caracteres", max: "Texto da tarefa deve ter no máximo 1000 caracteres" }),
  /** ISO 8601 date or date-time; a bare date means 09:00 in São Paulo. */
  prazo: optional(
    z
      .string()
      .trim()
      .refine((s) => /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s.slice(0, 10))), "Prazo inválido: use AAAA-MM-DD ou AAAA-MM-DDTHH:MM"),
  ),
});

/** "2025-01-10" → "2025-01-10T09:00:00-03:00"; a date-time without zone is taken as São Paulo time. */
export function toAgendorDueDate(raw: string): string {
  const s = raw.trim().replace(" ", "T");
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return `${s}T09:00:00-03:00`;
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(s)) return s;
  return `${s.length === 16 ? `${s}:00` : s}-03:00`;
}
