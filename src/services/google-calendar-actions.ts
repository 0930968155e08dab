/**
 * What the agent does on its Google Calendar during a conversation (SPEC §3): free times
 * (freeBusy + the pure slot function), book (events.insert with a Meet link), reschedule
 * (events.patch) and cancel (events.delete). Every action is written to calendar_events.
 * Errors are thrown as plain pt-BR sentences: the tool loop hands them to the model.
 *
 * Every action takes the tool's AbortSignal: it reaches each Google call (and the token refresh),
 * and is checked right before the write (insert / patch / delete), so a tool call that already
 * timed out never books, moves or cancels afterwards (the model would retry and double-book).
 */
import { and, desc, eq } from "drizzle-orm";
import { calendarEvents } from "../../db/schema";
import { type GoogleEvent, GoogleError, calendarRequest, meetLinkOf, throwIfAborted } from "../adapters/google-calendar/client";
import type { IntegrationRow } from "../integrations/store";
import type { CalendarSettings } from "../schemas/google-calendar";
import type { AppDeps } from "./context";
import { settingsOf, withGoogle } from "./google-calendar";
import {
  type BusyInterval,
  type SlotSchedule,
  bookingBounds,
  computeFreeSlots,
  dayStartInZone,
  isoInZone,
  labelInZone,
  localInstant,
  slotRefusal,
} from "./google-calendar-slots";

const DAY = 86_400_000;
const MINUTE = 60_000;

export type ActionContext = { conversationId: string | null; userMessage: string | null; customer: { name: string | null; phone: string | null; email: string | null } };

export function scheduleOf(s: CalendarSettings): SlotSchedule {
  return {
    days: s.scheduleConfig.days,
    intervalMinutes: s.scheduleConfig.intervalMinutes,
    durationMinutes: s.defaultDuration,
    minAdvanceHours: s.scheduleConfig.minAdvanceHours,
    maxAdvanceDays: s.scheduleConfig.maxAdvanceDays,
    onlyRoundHours: s.scheduleOnlyRoundHours,
    timezone: s.timezone,
  };
}

const calendarIdOf = (s: CalendarSettings) => s.calendarId || "primary";

/** "2025-01-10T14:00:00-03:00" (any offset or Z) or a local "2025-01-10T14:00" in the agent's zone. */
export function parseStart(raw: unknown, tz: string): number | null {
  if (typeof raw !== "string") return null;
  const s = raw.trim();
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(s)) {
    const t = Date.parse(s);
    return Number.isFinite(t) ? t : null;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::00)?$/.exec(s);
  if (!m) return null;
  return localInstant(tz, Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]) * 60 + Number(m[5]));
}

const toolError = (e: unknown): Error => (e instanceof GoogleError ? new Error(e.message) : e instanceof Error ? e : new Error(String(e)));

async function busyBetween(deps: AppDeps, row: IntegrationRow, s: CalendarSettings, timeMin: number, timeMax: number, signal?: AbortSignal): Promise<BusyInterval[]> {
  const id = calendarIdOf(s);
  const res = await withGoogle(
    deps,
    row,
    (t) =>
      calendarRequest<{ calendars?: Record<string, { busy?: { start: string; end: string }[]; errors?: { reason?: string }[] }> }>(t, {
        method: "POST",
        path: "/freeBusy",
        body: { timeMin: isoInZone(timeMin, s.timezone), timeMax: isoInZone(timeMax, s.timezone), timeZone: s.timezone, items: [{ id }] },
        signal,
      }),
    signal,
  );
  const cal = res.calendars?.[id];
  if (cal?.errors?.length) throw new Error(`Não foi possível ler a agenda (${cal.errors[0]?.reason ?? "erro"}).`);
  return (cal?.busy ?? []).map((b) => ({ start: Date.parse(b.start), end: Date.parse(b.end) })).filter((b) => Number.isFinite(b.start) && Number.isFinite(b.end));
}

const describeSlot = (start: number, s: CalendarSettings) => ({ inicio: isoInZone(start, s.timezone), descricao: labelInZone(start, s.timezone) });

/** ver_horarios_disponiveis: up to maxTimeSuggestions free starts, from a given day or from now. */
export async function availableSlots(deps: AppDeps, row: IntegrationRow, args: { data?: unknown }, signal?: AbortSignal) {
  const s = settingsOf(row);
  const schedule = scheduleOf(s);
  const now = deps.now();
  const { earliest, latest } = bookingBounds(schedule, now);
  let from = earliest;
  let to = latest;
  if (typeof args.data === "string" && args.data.trim()) {
    const day = dayStartInZone(args.data.trim(), s.timezone);
    if (day === null) throw new Error("Data inválida: use o formato AAAA-MM-DD.");
    if (day + DAY <= earliest) throw new Error("Essa data já passou ou está antes da antecedência mínima.");
    if (day > latest) throw new Error(`Só é possível agendar com até ${schedule.maxAdvanceDays} dias de antecedência.`);
    from = Math.max(day, earliest);
    to = Math.min(day + DAY, latest);
  }
  try {
    const busy = await busyBetween(deps, row, s, from, to + s.defaultDuration * MINUTE, signal);
    const slots = computeFreeSlots({ schedule, now, busy, from, to, limit: s.maxTimeSuggestions });
    return {
      fuso_horario: s.timezone,
      duracao_minutos: s.defaultDuration,
      horarios: slots.map((x) => describeSlot(x.start, s)),
      ...(slots.length ? {} : { aviso: "Nenhum horário livre nesse período. Sugira outra data ao cliente." }),
    };
  } catch (e) {
    throw toolError(e);
  }
}

type BookArgs = { inicio?: unknown; nome?: unknown; email?: unknown; telefone?: unknown; empresa?: unknown; assunto?: unknown; observacoes?: unknown };
const text = (v: unknown, max = 300) => (typeof v === "string" && v.trim() ? v.trim().replace(/\s+/g, " ").slice(0, max) : null);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function logAction(
  deps: AppDeps,
  row: IntegrationRow,
  ctx: ActionContext,
  v: { googleEventId: string; calendarId: string; summary: string; description: string | null; startAt: number; endAt: number; attendeeEmails: string[]; meetLink: string | null; actionType: "created" | "rescheduled" | "cancelled"; previousEventData?: Record<string, unknown> | null; status?: "active" | "cancelled"; cancelledAt?: number | null },
) {
  await deps.db.insert(calendarEvents).values({
    workspaceId: row.workspaceId,
    agentId: row.agentId,
    conversationId: ctx.conversationId,
    createdByAi: true,
    userMessage: ctx.userMessage?.slice(0, 4000) ?? null,
    ...v,
  });
}

/** agendar_horario: refuses a slot outside the schedule or no longer free, then creates the event (with Meet). */
export async function bookSlot(deps: AppDeps, row: IntegrationRow, ctx: ActionContext, args: BookArgs, signal?: AbortSignal) {
  const s = settingsOf(row);
  const schedule = scheduleOf(s);
  const start = parseStart(args.inicio, s.timezone);
  if (start === null) throw new Error("Horário inválido: use o início exatamente como veio de ver_horarios_disponiveis (ex.: 2025-01-10T14:00:00-03:00).");
  const name = text(args.nome, 100) ?? ctx.customer.name;
  const email = (text(args.email, 200) ?? ctx.customer.email)?.toLowerCase() ?? null;
  const phone = text(args.telefone, 40) ?? ctx.customer.phone;
  const company = text(args.empresa, 100);
  if (s.includeCustomerName && !name) throw new Error("Pergunte o nome do cliente antes de agendar.");
  if (s.includeCustomerEmail && !email) throw new Error("Pergunte o e-mail do cliente antes de agendar (o convite vai para ele).");
  if (email && !EMAIL.test(email)) throw new Error("E-mail do cliente inválido. Confirme o e-mail com o cliente.");
  if (s.includeCustomerPhone && !phone) throw new Error("Pergunte o telefone do cliente antes de agendar.");
  const end = start + s.defaultDuration * MINUTE;
  try {
    const busy = await busyBetween(deps, row, s, start, end, signal);
    const refusal = slotRefusal(schedule, deps.now(), busy, start);
    if (refusal) throw new Error(`${refusal} Consulte ver_horarios_disponiveis e ofereça outro horário.`);
    const subject = text(args.assunto, 100) ?? s.defaultSubject;
    const summary = s.includeCustomerName && name ? `${subject} - ${name}` : subject;
    const lines = [
      s.includeCustomerName && name ? `Cliente: ${name}` : null,
      s.includeCustomerEmail && email ? `E-mail: ${email}` : null,
      s.includeCustomerPhone && phone ? `Telefone: ${phone}` : null,
      s.includeCompany && company ? `Empresa: ${company}` : null,
      text(args.observacoes, 1000) ? `Observações: ${text(args.observacoes, 1000)}` : null,
      "Agendado pelo assistente virtual (Atenda).",
    ].filter(Boolean);
    const attendees = s.includeCustomerEmail && email ? [{ email, ...(name ? { displayName: name } : {}) }] : [];
    const body: Record<string, unknown> = {
      summary,
      description: lines.join("\n"),
      start: { dateTime: isoInZone(start, s.timezone), timeZone: s.timezone },
      end: { dateTime: isoInZone(end, s.timezone), timeZone: s.timezone },
      attendees,
      reminders: s.enableReminders ? { useDefault: false, overrides: s.reminderTimes.map((minutes) => ({ method: "popup", minutes })) } : { useDefault: true },
      ...(s.includeMeetLink ? { conferenceData: { createRequest: { requestId: crypto.randomUUID(), conferenceSolutionKey: { type: "hangoutsMeet" } } } } : {}),
    };
    const calendarId = calendarIdOf(s);
    throwIfAborted(signal);
    const ev = await withGoogle(
      deps,
      row,
      (t) =>
        calendarRequest<GoogleEvent>(t, {
          method: "POST",
          path: `/calendars/${encodeURIComponent(calendarId)}/events`,
          query: { conferenceDataVersion: "1", sendUpdates: attendees.length ? "all" : "none" },
          body,
          signal,
        }),
      signal,
    );
    const meetLink = meetLinkOf(ev);
    await logAction(deps, row, ctx, { googleEventId: ev.id, calendarId, summary, description: String(body.description), startAt: start, endAt: end, attendeeEmails: attendees.map((a) => a.email), meetLink, actionType: "created" });
    return { status: "agendado", evento_id: ev.id, ...describeSlot(start, s), fim: isoInZone(end, s.timezone), link_meet: meetLink, convidado: attendees[0]?.email ?? null };
  } catch (e) {
    throw toolError(e);
  }
}

/** The event's latest log entry, only for this agent (and this conversation, when both are known). */
async function loggedEvent(deps: AppDeps, row: IntegrationRow, ctx: ActionContext, eventId: unknown) {
  if (typeof eventId !== "string" || !eventId.trim()) throw new Error("Informe o evento_id retornado por agendar_horario.");
  const rows = await deps.db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.agentId, row.agentId), eq(calendarEvents.workspaceId, row.workspaceId), eq(calendarEvents.googleEventId, eventId.trim())))
    .orderBy(desc(calendarEvents.createdAt));
  // Entries written in the same millisecond: the later action wins.
  const rank = { created: 0, rescheduled: 1, cancelled: 2 } as const;
  const last = rows.sort((a, b) => b.createdAt - a.createdAt || rank[b.actionType] - rank[a.actionType])[0];
  if (!last || (ctx.conversationId && last.conversationId && last.conversationId !== ctx.conversationId)) {
    throw new Error("Agendamento não encontrado. Só é possível alterar horários marcados por este assistente nesta conversa.");
  }
  if (last.status === "cancelled" || last.actionType === "cancelled") throw new Error("Esse agendamento já foi cancelado.");
  return last;
}

/** remarcar_horario: the new start must be free (the event's own time does not count as busy). */
export async function rescheduleEvent(deps: AppDeps, row: IntegrationRow, ctx: ActionContext, args: { evento_id?: unknown; novo_inicio?: unknown }, signal?: AbortSignal) {
  const s = settingsOf(row);
  const prev = await loggedEvent(deps, row, ctx, args.evento_id);
  const start = parseStart(args.novo_inicio, s.timezone);
  if (start === null) throw new Error("Novo horário inválido: use o início como veio de ver_horarios_disponiveis.");
  const end = start + s.defaultDuration * MINUTE;
  try {
    const busy = (await busyBetween(deps, row, s, start, end, signal)).filter((b) => !(b.start === prev.startAt && b.end === prev.endAt));
    const refusal = slotRefusal(scheduleOf(s), deps.now(), busy, start);
    if (refusal) throw new Error(`${refusal} Consulte ver_horarios_disponiveis e ofereça outro horário.`);
    throwIfAborted(signal);
    const ev = await withGoogle(
      deps,
      row,
      (t) =>
        calendarRequest<GoogleEvent>(t, {
          method: "PATCH",
          path: `/calendars/${encodeURIComponent(prev.calendarId)}/events/${encodeURIComponent(prev.googleEventId)}`,
          query: { sendUpdates: prev.attendeeEmails.length ? "all" : "none" },
          body: { start: { dateTime: isoInZone(start, s.timezone), timeZone: s.timezone }, end: { dateTime: isoInZone(end, s.timezone), timeZone: s.timezone } },
          signal,
        }),
      signal,
    );
    const meetLink = meetLinkOf(ev) ?? prev.meetLink;
    await logAction(deps, row, ctx, {
      googleEventId: prev.googleEventId,
      calendarId: prev.calendarId,
      summary: ev.summary ?? prev.summary,
      description: prev.description,
      startAt: start,
      endAt: end,
      attendeeEmails: prev.attendeeEmails,
      meetLink,
      actionType: "rescheduled",
      previousEventData: { startAt: prev.startAt, endAt: prev.endAt, inicio: isoInZone(prev.startAt, s.timezone) },
    });
    return { status: "remarcado", evento_id: prev.googleEventId, ...describeSlot(start, s), fim: isoInZone(end, s.timezone), link_meet: meetLink, horario_anterior: labelInZone(prev.startAt, s.timezone) };
  } catch (e) {
    throw toolError(e);
  }
}

/** cancelar_horario: deletes the event (already gone at Google counts as cancelled) and logs it. */
export async function cancelEvent(deps: AppDeps, row: IntegrationRow, ctx: ActionContext, args: { evento_id?: unknown; motivo?: unknown }, signal?: AbortSignal) {
  const s = settingsOf(row);
  const prev = await loggedEvent(deps, row, ctx, args.evento_id);
  try {
    throwIfAborted(signal);
    await withGoogle(
      deps,
      row,
      (t) =>
        calendarRequest(t, {
          method: "DELETE",
          path: `/calendars/${encodeURIComponent(prev.calendarId)}/events/${encodeURIComponent(prev.googleEventId)}`,
          query: { sendUpdates: prev.attendeeEmails.length ? "all" : "none" },
          signal,
        }),
      signal,
    ).catch((e) => {
      if (e instanceof GoogleError && e.kind === "gone") return {};
      throw e;
    });
  } catch (e) {
    throw toolError(e);
  }
  const now = deps.now();
  await deps.db
    .update(calendarEvents)
    .set({ status: "cancelled", cancelledAt: now })
    .where(and(eq(calendarEvents.agentId, row.agentId), eq(calendarEvents.googleEventId, prev.googleEventId)));
  await logAction(deps, row, ctx, {
    googleEventId: prev.googleEventId,
    calendarId: prev.calendarId,
    summary: prev.summary,
    description: text(args.motivo, 500) ? `Motivo: ${text(args.motivo, 500)}` : prev.description,
    startAt: prev.startAt,
    endAt: prev.endAt,
    attendeeEmails: prev.attendeeEmails,
    meetLink: prev.meetLink,
    actionType: "cancelled",
    previousEventData: { startAt: prev.startAt, endAt: prev.endAt },
    status: "cancelled",
    cancelledAt: now,
  });
  return { status: "cancelado", evento_id: prev.googleEventId, horario: labelInZone(prev.startAt, s.timezone) };
}
