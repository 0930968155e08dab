/**
 * What the model may send to the built-in CRM tools (registrar_lead, atualizar_contato,
 * mover_negocio, criar_atividade) and the intents' internal tool `crm`. Lenient on form (models
 * send numbers as strings, pt-BR type names), strict on limits; the refusals are pt-BR sentences
 * the model can repeat to the customer.
 */
import { z } from "zod";
import { type ActivityType, activityTypes, saoPauloLocalToMs } from "./deal-details";

const text = (max: number) =>
  z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().trim().max(max, `Texto deve ter no máximo ${max} caracteres`).optional());

export const leadToolArgs = z.object({
  nome: text(200),
  email: text(320),
  telefone: text(50),
  empresa: text(200),
  observacao: text(2000),
});
export type LeadToolArgs = z.infer<typeof leadToolArgs>;

/** The contact fields the agent may fill (variable names, CONTACT_FIELD_OF_VARIABLE). */
export const CONTACT_TOOL_FIELDS = ["nome", "email", "telefone", "empresa", "cargo", "cidade", "estado", "cep", "endereco", "site", "data_nascimento"] as const;

export const contactToolArgs = z.object({
  ...Object.fromEntries(CONTACT_TOOL_FIELDS.map((f) => [f, text(500)])),
  /** Custom variables the owner defined: name → value. */
  outras: z.record(z.string().regex(/^[a-z_][a-z0-9_]{0,99}$/, "Nome de variável inválido"), z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().max(5000))).optional(),
}) as z.ZodType<Partial<Record<(typeof CONTACT_TOOL_FIELDS)[number], string>> & { outras?: Record<string, string> }>;

export const moveToolArgs = z.object({
  etapa: z.string({ message: "Informe a etapa de destino" }).trim().min(1, "Informe a etapa de destino").max(50, "Etapa deve ter no máximo 50 caracteres"),
  observacao: text(500),
});

/** pt-BR words a model may use for an activity type. */
const TYPE_ALIASES: Record<string, ActivityType> = {
  email: "email",
  "e-mail": "email",
  call: "call",
  ligacao: "call",
  telefonema: "call",
  meeting: "meeting",
  reuniao: "meeting",
  visita: "meeting",
  task: "task",
  tarefa: "task",
  note: "note",
  nota: "note",
  anotacao: "note",
};
const plain = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .trim()
    .toLowerCase();

/** "2030-01-10T14:00" (São Paulo wall time), "2030-01-10" (9h) or an ISO instant with offset → ms UTC. */
export function scheduledAtOf(value: string): number | null {
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return saoPauloLocalToMs(`${v}T09:00`);
  const local = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/.exec(v);
  if (local) return saoPauloLocalToMs(`${local[1]}T${local[2]}`);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v)) return null;
  const ms = Date.parse(v);
  return Number.isFinite(ms) ? ms : null;
}

export const activityToolArgs = z.object({
  tipo: z
    .string({ message: "Informe o tipo da atividade" })
    .transform((s, ctx) => {
      const t = TYPE_ALIASES[plain(s)];
      if (!t) ctx.addIssue({ code: "custom", message: `Tipo de atividade inválido: use ${activityTypes.join(", ")} (ou ligação, reunião, tarefa, nota)` });
      return t ?? "task";
    }),
  assunto: z.string({ message: "Informe o assunto" }).trim().min(2, "Assunto deve ter pelo menos 2 caracteres").max(200, "Assunto deve ter no máximo 200 caracteres"),
  descricao: text(2000),
  quando: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (!s?.trim()) return null;
      const ms = scheduledAtOf(s);
      if (ms === null) ctx.addIssue({ code: "custom", message: "Data inválida: use AAAA-MM-DDTHH:MM (horário de Brasília)" });
      return ms;
    }),
});

/** The first refusal of a parse, as one pt-BR sentence; the parsed value otherwise. */
export function parseToolArgs<S extends z.ZodType>(schema: S, args: Record<string, unknown>): z.output<S> {
  const r = schema.safeParse(args);
  if (!r.success) throw new Error(r.error.issues[0]?.message ?? "Argumentos inválidos");
  return r.data;
}
