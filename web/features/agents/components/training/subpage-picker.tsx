type Props = { pages: string[]; selected: string[]; onChange: (selected: string[]) => void; disabled?: boolean };

/** The discovered pages of a site as checkboxes (none ticked until the owner chooses). */
export function SubpagePicker({ pages, selected, onChange, disabled }: Props) {
  const chosen = new Set(selected);
  const all = pages.length > 0 && pages.every((p) => chosen.has(p));
  const toggle = (page: string, on: boolean) => onChange(on ? [...selected, page] : selected.filter((p) => p !== page));

  if (pages.length === 0) {
    return (
      <p className="rounded-box border border-base-300 border-dashed p-3 text-base-content/60 text-sm">
        Nenhuma outra página encontrada. Só o endereço acima será lido.
      </p>
    );
  }
  return (
    <fieldset className="rounded-box border border-base-300" disabled={disabled}>
      <legend className="sr-only">Páginas do site</legend>
      <div className="flex flex-wrap items-center justify-between gap-2 border-base-300 border-b px-3 py-2">
        <span className="text-sm">
          {pages.length} {pages.length === 1 ? "página encontrada" : "páginas encontradas"} · {selected.length}{" "}
          {selected.length === 1 ? "selecionada" : "selecionadas"}
        </span>
        <button type="button" className="btn btn-ghost btn-xs" onClick={() => onChange(all ? [] : [...pages])}>
          {all ? "Desmarcar todas" : "Selecionar todas"}
        </button>
      </div>
      <ul className="max-h-56 overflow-y-auto px-3 py-2" aria-label="Páginas encontradas">
        {pages.map((page) => (
          <li key={page}>
            <label className="flex cursor-pointer items-center gap-2 py-1 text-sm">
              <input type="checkbox" className="checkbox checkbox-sm" checked={chosen.has(page)} onChange={(e) => toggle(page, e.target.checked)} />
              <span className="min-w-0 truncate font-mono text-xs" title={page}>
                {page}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
