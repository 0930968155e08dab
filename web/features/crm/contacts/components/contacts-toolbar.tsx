import { useEffect, useId, useState } from "react";
import { CONTACT_SOURCE_LABEL, CONTACT_STATUS_LABEL, contactSources, contactStatuses } from "../../../../../src/schemas/crm/contacts";
import { Icon } from "../../../../components/ui/icons";
import type { ContactListInput } from "../hooks/use-contacts";

const SEARCH_DEBOUNCE_MS = 300;
const CHANNELS = [
  ["whatsapp_cloud", "WhatsApp"],
  ["whatsapp_uaz", "WhatsApp (servidor próprio)"],
  ["telegram", "Telegram"],
  ["instagram", "Instagram"],
  ["web_chat", "Chat web"],
] as const;
const SORTS = [
  ["newest", "Mais recentes"],
  ["oldest", "Mais antigos"],
  ["name", "Nome (A–Z)"],
  ["last_contact", "Último contato"],
] as const;

type Props = { value: ContactListInput; onChange: (v: ContactListInput) => void; tags: string[] };

/** Search (debounced), filters and sort of the contacts list. */
export function ContactsToolbar({ value, onChange, tags }: Props) {
  const [search, setSearch] = useState(value.search ?? "");
  const id = useId();
  useEffect(() => {
    const t = setTimeout(() => {
      const next = search.trim() || undefined;
      if (next !== value.search) onChange({ ...value, search: next });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search, value, onChange]);
  const select = (label: string, current: string | undefined, options: readonly (readonly [string, string])[], apply: (v: string | undefined) => void, all = "Todos") => (
    <label className="flex flex-col gap-1 text-xs">
      <span className="font-medium">{label}</span>
      <select className="select select-sm w-44" value={current ?? ""} onChange={(e) => apply(e.target.value || undefined)}>
        <option value="">{all}</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </label>
  );
  const filtered = Boolean(value.status || value.source || value.channel || value.tags?.length || value.validWhatsApp !== undefined || value.search);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-60 flex-1 flex-col gap-1 text-xs">
        <label htmlFor={`${id}-q`} className="font-medium">
          Buscar
        </label>
        <label className="input input-sm w-full">
          <Icon name="search" className="size-4 opacity-60" />
          <input id={`${id}-q`} type="search" className="grow" placeholder="Nome, telefone, e-mail ou empresa" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
      </div>
      {select("Status", value.status, contactStatuses.map((s) => [s, CONTACT_STATUS_LABEL[s]] as const), (s) => onChange({ ...value, status: s as ContactListInput["status"] }))}
      <TagFilter value={value.tags?.[0]} known={tags} onChange={(t) => onChange({ ...value, tags: t ? [t] : undefined })} />
      {select("Origem", value.source, contactSources.map((s) => [s, CONTACT_SOURCE_LABEL[s]] as const), (s) => onChange({ ...value, source: s as ContactListInput["source"] }), "Todas")}
      {select("Canal", value.channel, CHANNELS, (c) => onChange({ ...value, channel: c as ContactListInput["channel"] }))}
      {select(
        "WhatsApp válido",
        value.validWhatsApp === undefined ? undefined : String(value.validWhatsApp),
        [
          ["true", "Sim"],
          ["false", "Não ou não verificado"],
        ],
        (v) => onChange({ ...value, validWhatsApp: v === undefined ? undefined : v === "true" }),
      )}
      <label className="flex flex-col gap-1 text-xs">
        <span className="font-medium">Ordenar por</span>
        <select className="select select-sm w-40" value={value.sort ?? "newest"} onChange={(e) => onChange({ ...value, sort: e.target.value as ContactListInput["sort"] })}>
          {SORTS.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </label>
      {filtered && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            setSearch("");
            onChange({ sort: value.sort, listId: value.listId });
          }}
        >
          Limpar filtros
        </button>
      )}
    </div>
  );
}

/** A tag typed (or picked from the tags on screen), applied on Enter or when the box loses focus. */
function TagFilter({ value, known, onChange }: { value: string | undefined; known: string[]; onChange: (t: string | undefined) => void }) {
  const [draft, setDraft] = useState(value ?? "");
  const id = useId();
  useEffect(() => setDraft(value ?? ""), [value]);
  const apply = () => {
    const t = draft.trim() || undefined;
    if (t !== value) onChange(t);
  };
  return (
    <div className="flex flex-col gap-1 text-xs">
      <label htmlFor={id} className="font-medium">
        Etiqueta
      </label>
      <input
        id={id}
        className="input input-sm w-36"
        list={`${id}-tags`}
        value={draft}
        placeholder="Todas"
        maxLength={50}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === "Enter") apply();
        }}
      />
      <datalist id={`${id}-tags`}>
        {known.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
    </div>
  );
}
