import { type ScheduleConfig, type TimeWindow, WEEKDAY_LABELS } from "../../../../../src/schemas/google-calendar";
import { Icon } from "../../../../components/ui/icons";

type Props = {
  days: ScheduleConfig["days"];
  onChange: (days: ScheduleConfig["days"]) => void;
  errors: Record<string, string>;
  disabled: boolean;
};

/** Monday first, as people read a week; the stored index stays 0 = domingo. */
const ORDER = [1, 2, 3, 4, 5, 6, 0];
/** "Segunda-feira aberta", but "Sábado aberto": the "-feira" days are feminine, domingo and sábado masculine. */
const feminine = (i: number) => i >= 1 && i <= 5;
const openLabel = (i: number) => (feminine(i) ? "aberta" : "aberto");
const closedLabel = (i: number) => (feminine(i) ? "Fechada" : "Fechado");

/** Opening hours per weekday: a switch per day and one or more HH:MM windows (lunch breaks). */
export function GoogleCalendarSchedule({ days, onChange, errors, disabled }: Props) {
  const setDay = (i: number, windows: TimeWindow[]) => onChange(days.map((d, j) => (j === i ? windows : d)));
  const setWindow = (i: number, k: number, patch: Partial<TimeWindow>) => setDay(i, (days[i] ?? []).map((w, j) => (j === k ? { ...w, ...patch } : w)));
  const dayError = (i: number) => Object.entries(errors).find(([key]) => key.startsWith(`scheduleConfig.days.${i}`))?.[1];

  return (
    <fieldset className="flex flex-col gap-2" aria-label="Horário de atendimento">
      <legend className="mb-1 font-medium text-sm">Horário de atendimento</legend>
      {errors["scheduleConfig.days"] && <p className="text-error text-xs">{errors["scheduleConfig.days"]}</p>}
      {ORDER.map((i) => {
        const windows = days[i] ?? [];
        const open = windows.length > 0;
        const err = dayError(i);
        return (
          <div key={i} className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 px-3 py-2">
            <label className="flex w-40 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="toggle toggle-primary toggle-sm"
                checked={open}
                disabled={disabled}
                aria-label={`${WEEKDAY_LABELS[i]} ${openLabel(i)}`}
                onChange={(e) => setDay(i, e.target.checked ? [{ start: "09:00", end: "18:00" }] : [])}
              />
              {WEEKDAY_LABELS[i]}
            </label>
            {!open && <span className="text-base-content/50 text-sm">{closedLabel(i)}</span>}
            {windows.map((w, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a window has no identity but its position in the day
              <div key={`${i}-${k}`} className="flex items-center gap-1">
                <input
                  type="time"
                  className="input input-sm w-28"
                  value={w.start}
                  disabled={disabled}
                  aria-label={`${WEEKDAY_LABELS[i]}: início da faixa ${k + 1}`}
                  onChange={(e) => setWindow(i, k, { start: e.target.value })}
                />
                <span className="text-base-content/50 text-sm">às</span>
                <input
                  type="time"
                  className="input input-sm w-28"
                  value={w.end === "24:00" ? "23:59" : w.end}
                  disabled={disabled}
                  aria-label={`${WEEKDAY_LABELS[i]}: fim da faixa ${k + 1}`}
                  onChange={(e) => setWindow(i, k, { end: e.target.value })}
                />
                {windows.length > 1 && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs btn-square"
                    disabled={disabled}
                    aria-label={`Remover faixa ${k + 1} de ${WEEKDAY_LABELS[i]}`}
                    onClick={() => setDay(i, windows.filter((_, j) => j !== k))}
                  >
                    <Icon name="x" className="size-4" />
                  </button>
                )}
              </div>
            ))}
            {open && windows.length < 6 && (
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                disabled={disabled}
                onClick={() => setDay(i, [...windows, { start: "14:00", end: "18:00" }])}
                aria-label={`Adicionar faixa em ${WEEKDAY_LABELS[i]}`}
              >
                <Icon name="plus" className="size-3" />
                Faixa
              </button>
            )}
            {err && <p className="w-full text-error text-xs">{err}</p>}
          </div>
        );
      })}
    </fieldset>
  );
}
