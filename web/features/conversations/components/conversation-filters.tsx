import { useEffect, useState } from "react";
import { Icon } from "../../../components/ui/icons";
import { type ConversationChannel, conversationChannels } from "../../../../src/schemas/conversations";
import { CHANNEL_LABEL } from "../format";
import type { ListFilters } from "../hooks/use-conversations";

const SEARCH_DEBOUNCE_MS = 300;

export const hasFilters = (f: ListFilters) => Boolean(f.channel || f.status || f.unread || f.needsHuman || f.mine || f.search);

type Props = { value: ListFilters; onChange: (f: ListFilters) => void };

/** Search (debounced), channel and status selects, and three toggles. */
export function ConversationFilters({ value, onChange }: Props) {
  const f = value;
  const [search, setSearch] = useState(f.search ?? "");
  // Typing waits for a pause before asking the server.
  useEffect(() => {
    const t = setTimeout(() => {
      const next = search.trim() || undefined;
      if (next !== (f.search || undefined)) onChange({ ...f, search: next });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search, f, onChange]);
  // "Limpar filtros" empties the box too.
  useEffect(() => {
    if (!f.search) setSearch((s) => (s.trim() ? "" : s));
  }, [f.search]);

  const toggle = (key: "unread" | "needsHuman" | "mine", label: string) => (
    <button
      type="button"
      aria-pressed={Boolean(f[key])}
      className={`btn btn-xs rounded-full ${f[key] ? "btn-primary" : "btn-ghost border-base-300"}`}
      onClick={() => onChange({ ...f, [key]: f[key] ? undefined : true })}
    >
      {label}
    </button>
  );

  return (
    <div className="flex flex-col gap-2 border-base-300 border-b p-3">
      <label className="input input-sm w-full">
        <Icon name="search" className="size-4 opacity-50" />
        <input
          type="search"
          aria-label="Buscar conversas"
          placeholder="Buscar por nome, telefone ou mensagem"
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <div className="flex gap-2">
        <select
          aria-label="Canal"
          className="select select-xs flex-1"
          value={f.channel ?? ""}
          onChange={(e) => onChange({ ...f, channel: (e.target.value || undefined) as ConversationChannel | undefined })}
        >
          <option value="">Todos os canais</option>
          {conversationChannels.map((c) => (
            <option key={c} value={c}>
              {CHANNEL_LABEL[c]}
            </option>
          ))}
        </select>
        <select
          aria-label="Status"
          className="select select-xs flex-1"
          value={f.status ?? ""}
          onChange={(e) => onChange({ ...f, status: (e.target.value || undefined) as "active" | "resolved" | undefined })}
        >
          <option value="">Todas</option>
          <option value="active">Abertas</option>
          <option value="resolved">Resolvidas</option>
        </select>
      </div>
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Filtros rápidos">
        {toggle("unread", "Não lidas")}
        {toggle("needsHuman", "Precisa de humano")}
        {toggle("mine", "Minhas")}
      </div>
    </div>
  );
}
