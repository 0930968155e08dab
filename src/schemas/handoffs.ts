import { z } from "zod";
import { HANDOFF_REASONS, HANDOFF_STATUSES } from "./orchestration";

/**
 * Handoffs to people (issue 18, SPEC §4): the inputs of handoffs.* shared by the "Transferências"
 * tab and the procedures, and the fixed pt-BR texts the customer receives. Pure: the web imports it.
 */
export const DEFAULT_ACCEPT_TIMEOUT_MINUTES = 10;
export const DEFAULT_TIMEOUT_MESSAGE = "Nossos atendentes não estão disponíveis no momento. Vou continuar te ajudando por aqui!";
/** keep_waiting: told once when the accept time runs out and the customer stays in line. */
export const STILL_WAITING_MESSAGE = "Todos os nossos atendentes ainda estão ocupados, mas você continua na fila. Já já alguém fala com você!";
export const HANDOFF_PAGE_SIZE = 25;

export const HANDOFF_ON_TIMEOUT = ["resume_ai", "keep_waiting"] as const;
export type HandoffOnTimeout = (typeof HANDOFF_ON_TIMEOUT)[number];
export const HANDOFF_ON_TIMEOUT_LABEL: Record<HandoffOnTimeout, string> = {
  resume_ai: "A IA avisa o cliente e volta a atender",
  keep_waiting: "Continuar aguardando um atendente (sem expirar)",
};

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const handoffId = z.uuid({ message: "Transferência inválida" });

export const handoffIdInput = z.object({ id: handoffId });
export type HandoffRef = z.output<typeof handoffIdInput>;

export const conversationHandoffsInput = z.object({ conversationId: z.uuid({ message: "Conversa inválida" }) });

export const listHandoffsInput = z
  .object({
    status: z.preprocess(blank, z.enum(HANDOFF_STATUSES, { message: "Status inválido" }).optional()),
    reason: z.preprocess(blank, z.enum(HANDOFF_REASONS, { message: "Motivo inválido" }).optional()),
    page: z.number({ message: "Página inválida" }).int().min(1, "Página inválida").max(10_000, "Página inválida").default(1),
  })
  .default({ page: 1 });
export type ListHandoffsInput = z.input<typeof listHandoffsInput>;
export type ListHandoffs = z.output<typeof listHandoffsInput>;

/** The settings form; the empty number (and connection) switches the WhatsApp notice off. */
export const handoffSettingsInput = z
  .object({
    acceptTimeoutMinutes: z
      .number({ message: "Informe o tempo em minutos" })
      .int("Use minutos inteiros")
      .min(1, "O tempo deve ser de 1 a 1440 minutos")
      .max(1440, "O tempo deve ser de 1 a 1440 minutos"),
    onTimeout: z.enum(HANDOFF_ON_TIMEOUT, { message: "Escolha o que acontece quando o tempo acaba" }),
    timeoutMessage: z.string().trim().max(1000, "A mensagem deve ter no máximo 1000 caracteres"),
    notifyEmail: z.boolean(),
    notifyWhatsappNumber: z
      .string()
      .trim()
      .regex(/^(\+[1-9]\d{7,14})?$/, "Use o formato internacional, por exemplo +5511999998888"),
    notifyConnectionId: z.preprocess(blank, z.uuid({ message: "Conexão inválida" }).nullish()),
  })
  .superRefine((s, ctx) => {
    if (s.notifyWhatsappNumber && !s.notifyConnectionId) {
      ctx.addIssue({ code: "custom", path: ["notifyConnectionId"], message: "Escolha a conexão de WhatsApp que envia o aviso" });
    }
  });
export type HandoffSettingsInput = z.input<typeof handoffSettingsInput>;
export type HandoffSettingsValues = z.output<typeof handoffSettingsInput>;
