import { useEffect, useId, useState } from "react";
import { ACTIVITY_CATEGORY_LABEL, LOG_PERIODS, LOG_PERIOD_LABEL, type LogPeriod, type LogsFilterInput, activityCategoryKeys } from "../../../../src/schemas/activity";
import { Icon } from "../../../components/ui/icons";
import type { LogOptions } from "../hooks/use-logs";

const SEARCH_DEBOUNCE_MS = 300;

type Props = { value: LogsFilterInput; onChange: (v: LogsFilterInput) => void; options: LogOptions | undefined };

/** Search (debounced), period (with a custom range), category, agent and, for admins, person. */
export function LogsToolbar({ value, onChange, options }: Props) {
  const [search, setSearch] = useState(value.search ?? "");
  const id = useId();
  useEffect(() => {
    const t = setTimeout(() => {
      const next = search.trim() || undefined;
      if (next !== value.search) onChange({ ...value, search: next });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search, value, onChange]);

  // label/for rather than a wrapping label: the control's name stays exactly its label.
  const select = (label: string, current: string | undefined, list: readonly (readonly [string, string])[], apply: (v: string | undefined) => void, all: string | null = "Todas") => (
    <div className="flex flex-col gap-1 text-xs">
      <label htmlFor={`${id}-${label}`} className="font-medium">
        {label}
      </label>
      <select id={`${id}-${label}`} className="select select-sm w-48" value={current ?? ""} onChange={(e) => apply(e.target.value || undefined)}>
        {all !== null && <option value="">{all}</option>}
        {list.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
  const team = value.scope === "workspace";
  const filtered = Boolean(value.search || value.category || value.agentId || value.userId || (value.period && value.period !== "30d"));

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-60 flex-1 flex-col gap-1 text-xs">
        <label htmlFor={`${id}-q`} className="font-medium">
          Buscar
        </label>
        <label className="input input-sm w-full">
          <Icon name="search" className="size-4 opacity-60" />
          <input id={`${id}-q`} type="search" className="grow" placeholder="Descrição ou ação" maxLength={100} value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
      </div>
      {select("Período", value.period ?? "30d", LOG_PERIODS.map((p) => [p, LOG_PERIOD_LABEL[p]] as const), (p) => onChange({ ...value, period: (p ?? "30d") as LogPeriod }), null)}
      {value.period === "custom" && (
        <>
          <div className="flex flex-col gap-1 text-xs">
            <label htmlFor={`${id}-from`} className="font-medium">
              De
            </label>
            <input id={`${id}-from`} type="date" className="input input-sm w-40" value={value.from ?? ""} onChange={(e) => onChange({ ...value, from: e.target.value || undefined })} />
          </div>
          <div className="flex flex-col gap-1 text-xs">
            <label htmlFor={`${id}-to`} className="font-medium">
              Até
            </label>
            <input id={`${id}-to`} type="date" className="input input-sm w-40" value={value.to ?? ""} onChange={(e) => onChange({ ...value, to: e.target.value || undefined })} />
          </div>
        </>
      )}
      {select("Categoria", value.category, activityCategoryKeys.map((c) => [c, ACTIVITY_CATEGORY_LABEL[c]] as const), (c) => onChange({ ...value, category: c as LogsFilterInput["category"] }))}
      {select("Agente", value.agentId, (options?.agents ?? []).map((a) => [a.id, a.name] as const), (a) => onChange({ ...value, agentId: a }), "Todos")}
      {team && select("Pessoa", value.userId, (options?.people ?? []).map((p) => [p.id, p.name ?? p.email] as const), (u) => onChange({ ...value, userId: u }), "Todas")}
      {filtered && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            setSearch("");
            onChange({ scope: value.scope, period: "30d" });
          }}
        >
          Limpar filtros
        </button>
      )}
    </div>
  );
}
