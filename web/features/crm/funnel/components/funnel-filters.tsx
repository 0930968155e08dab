import { useEffect, useState } from "react";
import type { DealFilter } from "../../../../../src/schemas/crm/funnel";
import { parseBrlToCents } from "../../../../../src/schemas/crm/money";
import { Icon } from "../../../../components/ui/icons";

const DEBOUNCE_MS = 300;
export const hasDealFilters = (f: DealFilter) => Boolean(f.ownerUserId || f.tag || f.search || f.minValueCents !== undefined || f.maxValueCents !== undefined);

type Props = { value: DealFilter; onChange: (f: DealFilter) => void; owners: { value: string; label: string }[] };

/** Search on the title, owner, tag and a value range in R$; typed text waits for a pause. */
export function FunnelFilters({ value, onChange, owners }: Props) {
  const [text, setText] = useState({ search: value.search ?? "", tag: value.tag ?? "", min: "", max: "" });
  useEffect(() => {
    const t = setTimeout(() => {
      const min = text.min.trim() ? parseBrlToCents(text.min) : null;
      const max = text.max.trim() ? parseBrlToCents(text.max) : null;
      const next: DealFilter = {
        ...value,
        search: text.search.trim() || undefined,
        tag: text.tag.trim() || undefined,
        minValueCents: min ?? undefined,
        maxValueCents: max ?? undefined,
      };
      if (JSON.stringify(next) !== JSON.stringify(value)) onChange(next);
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  const clear = () => {
    setText({ search: "", tag: "", min: "", max: "" });
    onChange({});
  };
  return (
    <div className="flex flex-wrap items-center gap-2" role="search" aria-label="Filtros do funil">
      <label className="input input-sm w-full sm:w-56">
        <Icon name="search" className="size-4 opacity-50" />
        <input type="search" aria-label="Buscar negócios pelo título" placeholder="Buscar pelo título" maxLength={200} value={text.search} onChange={(e) => setText({ ...text, search: e.target.value })} />
      </label>
      <select aria-label="Responsável" className="select select-sm w-full sm:w-44" value={value.ownerUserId ?? ""} onChange={(e) => onChange({ ...value, ownerUserId: e.target.value || undefined })}>
        <option value="">Todos os responsáveis</option>
        {owners.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <input aria-label="Etiqueta" placeholder="Etiqueta" className="input input-sm w-full sm:w-32" maxLength={50} value={text.tag} onChange={(e) => setText({ ...text, tag: e.target.value })} />
      <input aria-label="Valor mínimo (R$)" placeholder="R$ mín." inputMode="decimal" className="input input-sm w-28" value={text.min} onChange={(e) => setText({ ...text, min: e.target.value })} />
      <input aria-label="Valor máximo (R$)" placeholder="R$ máx." inputMode="decimal" className="input input-sm w-28" value={text.max} onChange={(e) => setText({ ...text, max: e.target.value })} />
      {hasDealFilters(value) && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={clear}>
          Limpar filtros
        </button>
      )}
    </div>
  );
}
