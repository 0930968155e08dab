/**
 * Google Calendar contract (SPEC §3 "Calendar integration", §9 calendar defaults): the admin's
 * OAuth client, an agent's calendar settings and its scheduleConfig. The same schemas validate the
 * forms in the browser and the tRPC input on the server.
 */
import { z } from "zod";
import { PERMISSION_DENIED } from "./permissions";
import { httpUrl, line, optional } from "./text";

// ---- SPEC §9 defaults ---------------------------------------------------------------------------
export const CALENDAR_DEFAULTS = {
  defaultSubject: "Agendamento",
  defaultDuration: 30,
  timezone: "America/Sao_Paulo",
  maxTimeSuggestions: 5,
  intervalMinutes: 30,
  maxAdvanceDays: 30,
  minAdvanceHours: 2,
} as const;

export const WEEKDAY_LABELS = ["Domingo", "Segunda-feira", "Terça-feira", "Quarta-feira", "Quinta-feira", "Sexta-feira", "Sábado"] as const;

/** The time zones offered in the form (Brazil first); any IANA name is accepted by the server. */
export const TIMEZONE_OPTIONS = [
  "America/Sao_Paulo",
  "America/Manaus",
  "America/Cuiaba",
  "America/Belem",
  "America/Fortaleza",
  "America/Recife",
  "America/Bahia",
  "America/Porto_Velho",
  "America/Rio_Branco",
  "America/Noronha",
  "America/Boa_Vista",
  "America/Campo_Grande",
  "America/Araguaina",
  "America/Maceio",
  "America/Santarem",
  "Europe/Lisbon",
  "UTC",
] as const;

export function isTimeZone(tz: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const minutesOf = (hhmm: string) => {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
};

export const timeWindow = z
  .object({
    start: z.string().regex(HHMM, "Horário inválido (use HH:MM)"),
    end: z.string().regex(HHMM, "Horário inválido (use HH:MM)"),
  })
  .refine((w) => minutesOf(w.end) > minutesOf(w.start), { message: "O fim deve ser depois do início", path: ["end"] });
export type TimeWindow = z.output<typeof timeWindow>;

const weekdayWindows = [{ start: "09:00", end: "18:00" }];
/** Index 0 = domingo … 6 = sábado. Default: segunda a sexta 09:00–18:00, fim de semana vazio. */
export const DEFAULT_DAYS: TimeWindow[][] = [[], weekdayWindows, weekdayWindows, weekdayWindows, weekdayWindows, weekdayWindows, []];

export const scheduleConfigSchema = z.object({
  enabled: z.boolean().default(true),
  intervalMinutes: z
    .number({ message: "Informe o intervalo entre horários" })
    .int("O intervalo deve ser um número inteiro de minutos")
    .min(5, "O intervalo deve ser de pelo menos 5 minutos")
    .max(480, "O intervalo deve ser de no máximo 480 minutos")
    .default(CALENDAR_DEFAULTS.intervalMinutes),
  maxAdvanceDays: z
    .number({ message: "Informe a antecedência máxima" })
    .int("A antecedência máxima deve ser um número inteiro de dias")
    .min(1, "A antecedência máxima deve ser de pelo menos 1 dia")
    .max(90, "A antecedência máxima deve ser de no máximo 90 dias")
    .default(CALENDAR_DEFAULTS.maxAdvanceDays),
  minAdvanceHours: z
    .number({ message: "Informe a antecedência mínima" })
    .min(0, "A antecedência mínima não pode ser negativa")
    .max(720, "A antecedência mínima deve ser de no máximo 720 horas")
    .default(CALENDAR_DEFAULTS.minAdvanceHours),
  days: z
    .array(z.array(timeWindow).max(6, "No máximo 6 faixas de horário por dia"))
    .length(7, "Informe os 7 dias da semana")
    .default(DEFAULT_DAYS)
    .refine((days) => days.every(noOverlap), "As faixas de horário de um mesmo dia não podem se sobrepor"),
});
export type ScheduleConfig = z.output<typeof scheduleConfigSchema>;

function noOverlap(windows: TimeWindow[]) {
  const sorted = [...windows].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  return sorted.every((w, i) => i === 0 || minutesOf(w.start) >= minutesOf(sorted[i - 1]?.end ?? "00:00"));
}

const reminderMinutes = z
  .number()
  .int("Lembrete deve ser um número inteiro de minutos")
  .min(0, "Lembrete não pode ser negativo")
  .max(40320, "Lembrete deve ser de no máximo 4 semanas (40320 minutos)");

/** An agent's calendar settings (tokens are not here: they come only from the OAuth callback). */
export const calendarSettingsInput = z.object({
  calendarId: optional(z.string().trim().max(300, "Agenda inválida")),
  calendarName: optional(z.string().trim().max(300, "Nome da agenda deve ter no máximo 300 caracteres")),
  includeCustomerName: z.boolean().default(true),
  includeCustomerEmail: z.boolean().default(true),
  includeCustomerPhone: z.boolean().default(true),
  includeCompany: z.boolean().default(false),
  includeMeetLink: z.boolean().default(true),
  scheduleOnlyRoundHours: z.boolean().default(false),
  defaultSubject: line(2, 100, { min: "Assunto deve ter pelo menos 2 caracteres", max: "Assunto deve ter no máximo 100 caracteres" }).default(
    CALENDAR_DEFAULTS.defaultSubject,
  ),
  defaultDuration: z
    .number({ message: "Informe a duração" })
    .int("A duração deve ser um número inteiro de minutos")
    .min(5, "A duração deve ser de pelo menos 5 minutos")
    .max(480, "A duração deve ser de no máximo 480 minutos")
    .default(CALENDAR_DEFAULTS.defaultDuration),
  timezone: z.string().trim().refine(isTimeZone, "Fuso horário inválido").default(CALENDAR_DEFAULTS.timezone),
  maxTimeSuggestions: z
    .number({ message: "Informe quantas sugestões" })
    .int("Sugestões deve ser um número inteiro")
    .min(1, "Ofereça pelo menos 1 sugestão")
    .max(20, "No máximo 20 sugestões")
    .default(CALENDAR_DEFAULTS.maxTimeSuggestions),
  enableReminders: z.boolean().default(true),
  reminderTimes: z.array(reminderMinutes).max(5, "No máximo 5 lembretes").default([60, 1440]),
  scheduleConfig: scheduleConfigSchema.default(scheduleConfigSchema.parse({})),
  enabled: z.boolean().default(true),
});
export type CalendarSettingsInput = z.input<typeof calendarSettingsInput>;
export type CalendarSettings = z.output<typeof calendarSettingsInput>;
export const saveCalendarSettingsInput = z.object({ agentId: z.uuid(), settings: calendarSettingsInput });

export const DEFAULT_CALENDAR_SETTINGS: CalendarSettings = calendarSettingsInput.parse({});

/** Platform-wide OAuth client (admin). The secret, left blank, keeps the stored one. */
export const googleCalendarClientInput = z.object({
  clientId: line(10, 300, { min: "ID do cliente inválido", max: "ID do cliente deve ter no máximo 300 caracteres" }),
  clientSecret: z.string().trim().max(300, "Chave secreta do cliente deve ter no máximo 300 caracteres").optional(),
  redirectUri: optional(httpUrl("URI de redirecionamento inválida")),
});
export type GoogleCalendarClientInput = z.input<typeof googleCalendarClientInput>;
export type GoogleCalendarClient = z.output<typeof googleCalendarClientInput>;

export const calendarStatuses = ["not_connected", "connected", "reconnect_required"] as const;
export type CalendarStatus = (typeof calendarStatuses)[number];
export const STATUS_LABELS: Record<CalendarStatus, string> = {
  not_connected: "Não conectada",
  connected: "Conectada",
  reconnect_required: "Reconecte a Google Agenda",
};
export const RECONNECT_MESSAGE = "Reconecte a Google Agenda: o acesso foi revogado ou expirou.";

/** What the callback appends to /agent/{id} (query `googleCalendar`, and `motivo` on failure). */
export const CALLBACK_RESULT = { ok: "conectado", error: "erro" } as const;

/**
 * Why a connection failed, by code: the redirect carries only the code (`motivo`), so a crafted
 * link cannot put arbitrary text on the screen.
 */
export const CALLBACK_ERRORS = {
  invalid_state: "Pedido de conexão inválido ou já usado. Tente conectar de novo.",
  expired: "O pedido de conexão expirou. Tente conectar de novo.",
  wrong_user: "Entre com a mesma conta que iniciou a conexão e tente de novo.",
  forbidden: `${PERMISSION_DENIED.canEditAgents}.`,
  denied: "Você não autorizou o acesso à Google Agenda.",
  google_refused: "O Google recusou a conexão. Tente de novo.",
  no_code: "O Google não enviou o código de autorização. Tente de novo.",
  not_configured: "A integração com a Google Agenda ainda não foi configurada pelo administrador da plataforma.",
  no_refresh_token: "O Google não enviou o token de atualização. Remova o acesso do Atenda na sua conta Google e conecte de novo.",
  invalid_client: "As credenciais OAuth da plataforma foram recusadas pelo Google. Avise o administrador.",
  redirect_mismatch: "A URI de redirecionamento não está cadastrada no cliente OAuth do Google. Avise o administrador.",
  unavailable: "Não foi possível falar com o Google agora. Tente novamente em instantes.",
  failed: "Não foi possível concluir a conexão com o Google. Tente de novo.",
} as const;
export type CallbackErrorCode = keyof typeof CALLBACK_ERRORS;
export const callbackErrorMessage = (code: string | null) =>
  code && code in CALLBACK_ERRORS ? CALLBACK_ERRORS[code as CallbackErrorCode] : CALLBACK_ERRORS.failed;
