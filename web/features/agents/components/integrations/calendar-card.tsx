import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import {
  CALLBACK_RESULT,
  type CalendarSettings,
  callbackErrorMessage,
  type STATUS_LABELS,
  TIMEZONE_OPTIONS,
  calendarSettingsInput,
} from "../../../../../src/schemas/google-calendar";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { NumberInput, SelectInput, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { fieldErrors } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { GoogleCalendarSchedule } from "./google-calendar-schedule";
import type { IntegrationCardProps } from "./types";

type Draft = Omit<CalendarSettings, "reminderTimes" | "calendarId" | "calendarName"> & { calendarId: string; calendarName: string; reminderTimes: string };

const toDraft = (s: CalendarSettings): Draft => ({ ...s, calendarId: s.calendarId ?? "", calendarName: s.calendarName ?? "", reminderTimes: s.reminderTimes.join(", ") });
/** "60, 1440" → [60, 1440]; anything else is left for the contract to reject. */
const parseReminders = (raw: string) => (raw.trim() ? raw.split(/[,;\s]+/).filter(Boolean).map(Number) : []);
const fromDraft = (d: Draft) => ({ ...d, reminderTimes: parseReminders(d.reminderTimes) });

const STATUS_BADGE: Record<keyof typeof STATUS_LABELS, string> = {
  not_connected: "badge-ghost",
  connected: "badge-success badge-soft",
  reconnect_required: "badge-warning badge-soft",
};
const ACTION_LABELS: Record<string, string> = { created: "Agendado", rescheduled: "Remarcado", cancelled: "Cancelado" };
/** Friendly pt-BR names for the offered zones; the value stays the IANA id the server stores. */
const TIMEZONE_LABELS: Record<string, string> = {
  "America/Sao_Paulo": "Brasília",
  "America/Manaus": "Manaus",
  "America/Cuiaba": "Cuiabá",
  "America/Belem": "Belém",
  "America/Fortaleza": "Fortaleza",
  "America/Recife": "Recife",
  "America/Bahia": "Salvador",
  "America/Porto_Velho": "Porto Velho",
  "America/Rio_Branco": "Rio Branco",
  "America/Noronha": "Fernando de Noronha",
  "America/Boa_Vista": "Boa Vista",
  "America/Campo_Grande": "Campo Grande",
  "America/Araguaina": "Araguaína",
  "America/Maceio": "Maceió",
  "America/Santarem": "Santarém",
  "Europe/Lisbon": "Lisboa",
  UTC: "UTC (horário universal)",
};
const timeZoneLabel = (tz: string) => {
  const name = TIMEZONE_LABELS[tz];
  if (tz === "UTC") return name ?? tz;
  return name ? `${name} (${tz})` : tz;
};
const dateTime = (ms: number, tz: string) => new Date(ms).toLocaleString("pt-BR", { timeZone: tz, dateStyle: "short", timeStyle: "short" });

/** Shows the result the OAuth callback put in the URL (?googleCalendar=…&motivo=…) once, then cleans the URL. */
function useCallbackResult(onResult: (ok: boolean, reason: string | null) => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const params = new URLSearchParams(window.location.search);
    const result = params.get("googleCalendar");
    if (!result) return;
    onResult(result === CALLBACK_RESULT.ok, params.get("motivo"));
    params.delete("googleCalendar");
    params.delete("motivo");
    const query = params.toString();
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`);
  }, [onResult]);
}

/** Google Agenda: connect by OAuth, choose the calendar, set the opening hours; the agent offers, books, moves and cancels times. */
export function CalendarCard({ agent, canEdit, onDirtyChange }: IntegrationCardProps) {
  const qc = useQueryClient();
  const toast = useToast();
  const input = { agentId: agent.id };
  const cal = useQuery(trpc.calendar.get.queryOptions(input));
  const connected = cal.data?.status === "connected";
  const calendars = useQuery({ ...trpc.calendar.calendars.queryOptions(input), enabled: connected, retry: false });
  const events = useQuery({ ...trpc.calendar.events.queryOptions(input), enabled: !!cal.data?.id });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: trpc.calendar.get.queryKey(input) });
    void qc.invalidateQueries({ queryKey: trpc.calendar.events.queryKey(input) });
  };

  const onResult = useMemo(
    () => (ok: boolean, reason: string | null) =>
      ok
        ? toast({ title: "Google Agenda conectada", description: "Escolha a agenda e salve os horários de atendimento." })
        : toast({ variant: "destructive", title: "Não foi possível conectar a Google Agenda", description: callbackErrorMessage(reason) }),
    [toast],
  );
  useCallbackResult(onResult);

  const initial = useMemo(() => (cal.data ? toDraft(cal.data.settings) : null), [cal.data]);
  const [d, setD] = useState<Draft | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  // A refetch (window focus, another tab's save) replaces the draft only when it holds no edits.
  const baseline = useRef<Draft | null>(null);
  useEffect(() => {
    if (!initial) return;
    const previous = baseline.current;
    setD((cur) => (!cur || !previous || JSON.stringify(cur) === JSON.stringify(previous) ? initial : cur));
    baseline.current = initial;
  }, [initial]);
  const dirty = !!d && !!initial && JSON.stringify(d) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const parsed = useMemo(() => (d ? calendarSettingsInput.safeParse(fromDraft(d)) : null), [d]);
  const errors = submitted && parsed && !parsed.success ? fieldErrors(parsed.error) : {};
  const patch = (p: Partial<Draft>) => setD((x) => (x ? { ...x, ...p } : x));

  const save = useMutation(
    trpc.calendar.save.mutationOptions({
      onSuccess: () => {
        // What was saved becomes the new baseline when the refetch arrives.
        baseline.current = null;
        setSavedAt(Date.now());
        setSubmitted(false);
        toast({ title: "Agenda salva" });
        refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar a agenda", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const connect = useMutation(
    trpc.calendar.connect.mutationOptions({
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível conectar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const test = useMutation(
    trpc.calendar.test.mutationOptions({
      onSuccess: (r) => {
        toast(r.ok ? { title: "Teste concluído", description: r.message } : { variant: "destructive", title: "Falha no teste", description: r.message });
        refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Falha no teste", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const disconnect = useMutation(
    trpc.calendar.disconnect.mutationOptions({
      onSuccess: () => {
        setConfirmDisconnect(false);
        toast({ title: "Google Agenda desconectada" });
        refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao desconectar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!d || !parsed?.success || save.isPending) return;
    save.mutate({ agentId: agent.id, settings: fromDraft(d) });
  }

  // A failed first load has no draft to show: say so instead of a skeleton that never ends.
  // (A failed refetch keeps the loaded form and its edits.)
  if (!d && cal.isError) {
    return (
      <section aria-label="Google Agenda" role="alert" className="alert alert-error alert-soft text-sm">
        {trpcErrorMessage(cal.error, "Não foi possível carregar a integração.")}
      </section>
    );
  }
  if (!cal.data || !d) {
    return (
      <section aria-label="Google Agenda" className="rounded-box border border-base-300 p-4">
        <Skeleton className="h-24 w-full" />
      </section>
    );
  }

  const c = cal.data;
  const locked = !canEdit || save.isPending;
  const calendarOptions = [
    ...(d.calendarId && !calendars.data?.some((x) => x.id === d.calendarId) ? [{ value: d.calendarId, label: d.calendarName || d.calendarId }] : []),
    ...(calendars.data ?? []).map((x) => ({ value: x.id, label: x.primary ? `${x.name} (principal)` : x.name })),
  ];
  const tzOptions = [...new Set([d.timezone, ...TIMEZONE_OPTIONS])].map((value) => ({ value, label: timeZoneLabel(value) }));

  return (
    <section aria-label="Google Agenda" className="rounded-box border border-base-300">
      <header className="flex flex-wrap items-center gap-3 border-base-300 border-b p-4">
        <Icon name="calendar" className="size-6 text-primary" />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">Google Agenda</h3>
          <p className="text-base-content/60 text-sm">O agente mostra horários livres, agenda com link do Meet, remarca e cancela.</p>
        </div>
        <span className={`badge ${STATUS_BADGE[c.status]}`}>{c.statusLabel}</span>
      </header>

      <div className="flex flex-col gap-4 p-4">
        {!c.platformConfigured && (
          <div role="status" className="alert alert-info alert-soft text-sm">
            <Icon name="info" className="size-5 shrink-0" />
            <span>O administrador da plataforma ainda não configurou a Google Agenda (credenciais OAuth). Você já pode ajustar os horários.</span>
          </div>
        )}
        {c.status === "reconnect_required" && (
          <div role="alert" className="alert alert-warning alert-soft text-sm">
            <Icon name="refresh" className="size-5 shrink-0" />
            <span>{c.message ?? "Reconecte a Google Agenda"}</span>
          </div>
        )}

        <div className="flex flex-wrap items-center gap-2">
          {c.status !== "connected" ? (
            <button type="button" className="btn btn-primary btn-sm" disabled={!canEdit || !c.platformConfigured || connect.isPending} onClick={() => connect.mutate(input)}>
              {connect.isPending ? <ButtonSpinner /> : <Icon name="link" className="size-4" />}
              {c.status === "reconnect_required" ? "Reconectar Google Agenda" : "Conectar Google Agenda"}
            </button>
          ) : (
            <>
              <button type="button" className="btn btn-outline btn-sm" disabled={!canEdit || test.isPending} onClick={() => test.mutate(input)}>
                {test.isPending ? <ButtonSpinner /> : <Icon name="play" className="size-4" />}
                Testar
              </button>
              <button type="button" className="btn btn-ghost btn-sm text-error" disabled={!canEdit} onClick={() => setConfirmDisconnect(true)}>
                <Icon name="x" className="size-4" />
                Desconectar
              </button>
            </>
          )}
          {c.testMessage && (
            <span role="status" className={`text-sm ${c.testStatus === "ok" ? "text-success" : "text-error"}`}>
              {c.testMessage}
            </span>
          )}
        </div>

        <form onSubmit={submit} noValidate aria-label="Configurações da Google Agenda" className="flex flex-col gap-4">
          <div className="rounded-box border border-base-300 px-4">
            <ToggleRow label="Agenda ativa" description="Quando desativada, o agente não consulta nem marca horários." checked={d.enabled} onChange={(x) => patch({ enabled: x })} disabled={locked} />
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            {connected ? (
              <SelectInput
                label="Agenda"
                value={d.calendarId}
                onChange={(x) => patch({ calendarId: x, calendarName: calendars.data?.find((y) => y.id === x)?.name ?? x })}
                options={calendarOptions.length ? calendarOptions : [{ value: "", label: calendars.isPending ? "Carregando agendas…" : "Nenhuma agenda" }]}
                error={errors.calendarId ?? (calendars.isError ? trpcErrorMessage(calendars.error, "Não foi possível listar as agendas.") : undefined)}
                disabled={locked}
              />
            ) : (
              <TextInput label="Agenda" value={d.calendarName || "Conecte para escolher"} onChange={() => {}} disabled />
            )}
            <TextInput label="Assunto padrão" value={d.defaultSubject} onChange={(x) => patch({ defaultSubject: x })} error={errors.defaultSubject} max={100} disabled={locked} />
            <NumberInput label="Duração do atendimento" suffix="min" value={d.defaultDuration} onChange={(x) => patch({ defaultDuration: x })} error={errors.defaultDuration} min={5} max={480} disabled={locked} />
            <SelectInput label="Fuso horário" value={d.timezone} onChange={(x) => patch({ timezone: x })} options={tzOptions} error={errors.timezone} disabled={locked} />
            <NumberInput label="Sugestões de horário" value={d.maxTimeSuggestions} onChange={(x) => patch({ maxTimeSuggestions: x })} error={errors.maxTimeSuggestions} min={1} max={20} disabled={locked} />
            <NumberInput
              label="Intervalo entre horários"
              suffix="min"
              value={d.scheduleConfig.intervalMinutes}
              onChange={(x) => patch({ scheduleConfig: { ...d.scheduleConfig, intervalMinutes: x } })}
              error={errors["scheduleConfig.intervalMinutes"]}
              min={5}
              max={480}
              disabled={locked}
            />
            <NumberInput
              label="Antecedência mínima"
              suffix="horas"
              value={d.scheduleConfig.minAdvanceHours}
              onChange={(x) => patch({ scheduleConfig: { ...d.scheduleConfig, minAdvanceHours: x } })}
              error={errors["scheduleConfig.minAdvanceHours"]}
              min={0}
              max={720}
              disabled={locked}
            />
            <NumberInput
              label="Antecedência máxima"
              suffix="dias"
              value={d.scheduleConfig.maxAdvanceDays}
              onChange={(x) => patch({ scheduleConfig: { ...d.scheduleConfig, maxAdvanceDays: x } })}
              error={errors["scheduleConfig.maxAdvanceDays"]}
              min={1}
              max={90}
              disabled={locked}
            />
          </div>

          <div className="rounded-box border border-base-300 px-4">
            <ToggleRow
              label="Agendamento pelo agente"
              description="O agente consulta horários livres e marca na agenda."
              checked={d.scheduleConfig.enabled}
              onChange={(x) => patch({ scheduleConfig: { ...d.scheduleConfig, enabled: x } })}
              disabled={locked}
            />
            <ToggleRow label="Somente horas cheias" description="Oferece 09:00, 10:00… e nunca 09:30." checked={d.scheduleOnlyRoundHours} onChange={(x) => patch({ scheduleOnlyRoundHours: x })} disabled={locked} />
          </div>

          <GoogleCalendarSchedule days={d.scheduleConfig.days} onChange={(days) => patch({ scheduleConfig: { ...d.scheduleConfig, days } })} errors={errors} disabled={locked} />

          <div className="rounded-box border border-base-300 px-4">
            <p className="pt-3 font-medium text-sm">No evento</p>
            <ToggleRow label="Nome do cliente" description="No título e na descrição do evento." checked={d.includeCustomerName} onChange={(x) => patch({ includeCustomerName: x })} disabled={locked} />
            <ToggleRow label="E-mail do cliente" description="O cliente é convidado e recebe o convite por e-mail." checked={d.includeCustomerEmail} onChange={(x) => patch({ includeCustomerEmail: x })} disabled={locked} />
            <ToggleRow label="Telefone do cliente" checked={d.includeCustomerPhone} onChange={(x) => patch({ includeCustomerPhone: x })} disabled={locked} />
            <ToggleRow label="Empresa do cliente" checked={d.includeCompany} onChange={(x) => patch({ includeCompany: x })} disabled={locked} />
            <ToggleRow label="Link do Google Meet" description="Cria uma videochamada para cada agendamento." checked={d.includeMeetLink} onChange={(x) => patch({ includeMeetLink: x })} disabled={locked} />
            <ToggleRow label="Lembretes" checked={d.enableReminders} onChange={(x) => patch({ enableReminders: x })} disabled={locked} />
            {d.enableReminders && (
              <TextInput
                className="pb-3"
                label="Lembretes (minutos antes, separados por vírgula)"
                value={d.reminderTimes}
                onChange={(x) => patch({ reminderTimes: x })}
                error={Object.entries(errors).find(([k]) => k.startsWith("reminderTimes"))?.[1]}
                placeholder="60, 1440"
                disabled={locked}
              />
            )}
          </div>

          <div className="flex items-center justify-end gap-3">
            {savedAt && !dirty && (
              <span role="status" className="flex items-center gap-1 text-sm text-success">
                <Icon name="check" className="size-4" />
                Salvo
              </span>
            )}
            <button type="submit" className="btn btn-primary btn-sm" disabled={!canEdit || save.isPending || !dirty}>
              {save.isPending && <ButtonSpinner />}
              Salvar agenda
            </button>
          </div>
        </form>

        <section aria-label="Agendamentos recentes" className="flex flex-col gap-2">
          <h4 className="font-medium text-sm">Agendamentos recentes</h4>
          {events.isLoading ? (
            <Skeleton className="h-16 w-full" />
          ) : events.isError ? (
            <p role="alert" className="text-error text-sm">
              {trpcErrorMessage(events.error, "Não foi possível carregar os agendamentos.")}
            </p>
          ) : !events.data?.length ? (
            <p className="text-base-content/60 text-sm">Nenhum agendamento ainda.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th>Quando</th>
                    <th>Evento</th>
                    <th>Ação</th>
                    <th>Convidado</th>
                    <th>Meet</th>
                  </tr>
                </thead>
                <tbody>
                  {events.data.map((ev) => (
                    <tr key={ev.id}>
                      <td className="whitespace-nowrap">{dateTime(ev.startAt, d.timezone)}</td>
                      <td>{ev.summary}</td>
                      <td>
                        <span className={`badge badge-sm ${ev.actionType === "cancelled" ? "badge-error badge-soft" : ev.actionType === "rescheduled" ? "badge-warning badge-soft" : "badge-success badge-soft"}`}>
                          {ACTION_LABELS[ev.actionType] ?? ev.actionType}
                        </span>
                      </td>
                      <td>{ev.attendeeEmails.join(", ") || "—"}</td>
                      <td>
                        {ev.meetLink ? (
                          <a className="link link-primary" href={ev.meetLink} target="_blank" rel="noopener noreferrer">
                            Abrir
                          </a>
                        ) : (
                          "—"
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>

      <ConfirmDialog
        open={confirmDisconnect}
        title="Desconectar a Google Agenda?"
        description="O agente deixa de consultar e marcar horários. As configurações continuam salvas."
        confirmLabel="Desconectar"
        pending={disconnect.isPending}
        onConfirm={() => disconnect.mutate(input)}
        onCancel={() => setConfirmDisconnect(false)}
      />
    </section>
  );
}
