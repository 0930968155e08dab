/** Conversation rules of the channel pipeline that are pure decisions (no I/O): easy to read and test. */

export const LIMIT_BLOCK_MESSAGE =
  "Você atingiu o limite de mensagens deste atendimento. Tente novamente mais tarde, por favor.";
export const LIMIT_CLOSE_MESSAGE = "Este atendimento foi encerrado. Se precisar de algo mais, é só mandar uma nova mensagem.";
export const TRANSFER_MESSAGE = "Vou transferir você para um de nossos atendentes. Em breve alguém fala com você por aqui.";

/**
 * The customer asks for a person ("quero falar com um atendente", "me passa pra um humano",
 * "atendente"). A question about the business that merely names staff does not count.
 */
const ASK_FOR_PERSON =
  /\b(falar|conversar|chamar|quero|queria|preciso|gostaria|pass[ae]|transfer\w*|me coloca)\b[^.?!\n]{0,40}\b(humano|uma pessoa|pessoa real|atendente|operador|algu[eé]m de verdade)\b/i;
const BARE_REQUEST = /^\s*(atendente|humano|atendimento humano|falar com atendente)\s*[.!?]*\s*$/i;

export function asksForHuman(text: string): boolean {
  return text.split("\n").some((line) => BARE_REQUEST.test(line) || ASK_FOR_PERSON.test(line));
}

/** '100 interações' → 100; 'Ilimitado' → null. */
export function interactionLimit(option: string): number | null {
  const n = Number.parseInt(option, 10);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export type LimitAction = { kind: "block"; blockMs: number } | { kind: "handoff" } | { kind: "close" };

/** SPEC actionOnLimit options → what the pipeline does. */
export function limitAction(option: string): LimitAction {
  if (option === "Transferir para humano") return { kind: "handoff" };
  if (option === "Encerrar atendimento") return { kind: "close" };
  if (option === "Bloquear por 24 horas") return { kind: "block", blockMs: 24 * 60 * 60_000 };
  return { kind: "block", blockMs: 60 * 60_000 };
}
