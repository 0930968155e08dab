/**
 * The Google Calendar ToolProvider (SPEC §3): offered only when the agent's calendar is enabled,
 * connected (tokens present, not waiting for a reconnect), a calendar is chosen, scheduling is on
 * and the platform's OAuth client exists. Four tools: free times, book, reschedule, cancel.
 * Each passes the tool's AbortSignal down to every Google call: a timed-out call writes nothing.
 */
import type { AgentTool, ToolProvider } from "../../runtime/tools";
import { type ActionContext, availableSlots, bookSlot, cancelEvent, rescheduleEvent } from "../../services/google-calendar-actions";
import { calendarRowOf, oauthClient, settingsOf, statusOf } from "../../services/google-calendar";

/** freeBusy plus events.insert, each capped at 10 s, with room for one token refresh. */
const TOOL_TIMEOUT_MS = 30_000;

export const CALENDAR_TOOL_NAMES = ["ver_horarios_disponiveis", "agendar_horario", "remarcar_horario", "cancelar_horario"] as const;

export const calendarTools: ToolProvider = async (deps, agent, turn) => {
  const row = await calendarRowOf(deps, agent, agent.workspaceId);
  if (!row?.enabled || statusOf(row) !== "connected") return [];
  const settings = settingsOf(row);
  if (!settings.scheduleConfig.enabled || !settings.calendarId) return [];
  if (!(await oauthClient(deps))) return [];
  const ctx: ActionContext = { conversationId: turn.conversationId, userMessage: turn.text, customer: turn.customer };
  const tz = settings.timezone;
  // Re-read per call: a token refreshed by an earlier call of the same turn must not be overwritten.
  const current = async () => (await calendarRowOf(deps, agent.id, agent.workspaceId)) ?? row;
  const asks = [settings.includeCustomerName && "nome", settings.includeCustomerEmail && "e-mail", settings.includeCustomerPhone && "telefone"].filter(Boolean).join(", ");
  const tools: AgentTool[] = [
    {
      name: "ver_horarios_disponiveis",
      description: `Lista horários livres para agendamento na agenda (fuso ${tz}, ${settings.defaultDuration} minutos cada). Use antes de oferecer ou marcar um horário. Sem data, traz os próximos horários livres.`,
      parameters: {
        type: "object",
        properties: { data: { type: "string", description: "Dia desejado no formato AAAA-MM-DD (opcional)" } },
      },
      timeoutMs: TOOL_TIMEOUT_MS,
      examples: ["Quais horários vocês têm livres?", "Tem horário amanhã?"],
      run: async (args, signal) => ({ data: await availableSlots(deps, await current(), args, signal) }),
    },
    {
      name: "agendar_horario",
      description: `Marca um horário na agenda (cria o evento${settings.includeMeetLink ? " com link do Google Meet" : ""}). Só use um início que veio de ver_horarios_disponiveis e depois que o cliente confirmar.${asks ? ` Antes, pergunte ao cliente: ${asks}.` : ""}`,
      parameters: {
        type: "object",
        properties: {
          inicio: { type: "string", description: "Início do horário exatamente como veio de ver_horarios_disponiveis (ex.: 2025-01-10T14:00:00-03:00)" },
          nome: { type: "string", description: "Nome do cliente" },
          email: { type: "string", description: "E-mail do cliente (recebe o convite)" },
          telefone: { type: "string", description: "Telefone do cliente" },
          ...(settings.includeCompany ? { empresa: { type: "string", description: "Empresa do cliente" } } : {}),
          assunto: { type: "string", description: `Assunto do agendamento (padrão: ${settings.defaultSubject})` },
          observacoes: { type: "string", description: "Observações do cliente" },
        },
        required: ["inicio"],
      },
      timeoutMs: TOOL_TIMEOUT_MS,
      examples: ["Quero agendar uma reunião", "Pode marcar para amanhã às 10h"],
      run: async (args, signal) => ({ data: await bookSlot(deps, await current(), ctx, args, signal) }),
    },
    {
      name: "remarcar_horario",
      description: "Remarca um agendamento feito nesta conversa para outro horário livre (consulte ver_horarios_disponiveis antes).",
      parameters: {
        type: "object",
        properties: {
          evento_id: { type: "string", description: "evento_id retornado por agendar_horario" },
          novo_inicio: { type: "string", description: "Novo início, como veio de ver_horarios_disponiveis" },
        },
        required: ["evento_id", "novo_inicio"],
      },
      timeoutMs: TOOL_TIMEOUT_MS,
      examples: ["Preciso remarcar meu horário"],
      run: async (args, signal) => ({ data: await rescheduleEvent(deps, await current(), ctx, args, signal) }),
    },
    {
      name: "cancelar_horario",
      description: "Cancela um agendamento feito nesta conversa. Confirme com o cliente antes de cancelar.",
      parameters: {
        type: "object",
        properties: {
          evento_id: { type: "string", description: "evento_id retornado por agendar_horario" },
          motivo: { type: "string", description: "Motivo do cancelamento (opcional)" },
        },
        required: ["evento_id"],
      },
      timeoutMs: TOOL_TIMEOUT_MS,
      examples: ["Quero cancelar meu agendamento"],
      run: async (args, signal) => ({ data: await cancelEvent(deps, await current(), ctx, args, signal) }),
    },
  ];
  return tools;
};
