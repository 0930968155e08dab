import { useCallback, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { Icon } from "../../../components/ui/icons";
import { useWorkspaces } from "../../workspaces/hooks/use-workspaces";
import { PendingHandoffsBadge } from "../../handoffs/components/pending-badge";
import { ConversationFilters } from "../components/conversation-filters";
import { ConversationList } from "../components/conversation-list";
import { ThreadPane } from "../components/thread-pane";
import type { ListFilters } from "../hooks/use-conversations";
import { useLiveInbox } from "../hooks/use-live-inbox";

const EMPTY: ListFilters = {};

/**
 * /conversations: the list beside the open thread on wide screens, one of them at a time on
 * phones. The open conversation lives in the URL (?c=id) so a link or a reload reopens it.
 */
export default function ConversationsPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const selectedId = new URLSearchParams(search).get("c");
  const [filters, setFilters] = useState<ListFilters>(EMPTY);
  const { current } = useWorkspaces();
  const live = useLiveInbox(current?.id ?? null);
  const select = useCallback((id: string | null) => navigate(id ? `/conversations?c=${encodeURIComponent(id)}` : "/conversations"), [navigate]);

  return (
    // The page fills the viewport under the header; each pane scrolls on its own.
    <div className="-m-4 sm:-m-6 lg:-m-8 flex h-[calc(100dvh-3.5rem)] min-h-[420px] bg-base-100">
      <aside
        aria-label="Lista de conversas"
        className={`${selectedId ? "hidden md:flex" : "flex"} w-full min-w-0 flex-col border-base-300 border-r md:w-80 lg:w-96`}
      >
        <div className="flex items-center justify-between gap-2 px-3 pt-3">
          <div className="flex items-center gap-2">
            <h1 className="font-semibold text-xl">Conversas</h1>
            <PendingHandoffsBadge />
          </div>
          <span className={`badge badge-xs gap-1 ${live === "live" ? "badge-success badge-soft" : "badge-ghost"}`} title={live === "live" ? "Atualizando ao vivo" : "Reconectando..."}>
            <span className={`size-1.5 rounded-full ${live === "live" ? "bg-success" : "bg-base-content/40"}`} aria-hidden="true" />
            {live === "live" ? "ao vivo" : "reconectando"}
          </span>
        </div>
        <ConversationFilters value={filters} onChange={setFilters} />
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ConversationList filters={filters} selectedId={selectedId} onSelect={select} onClearFilters={() => setFilters(EMPTY)} />
        </div>
      </aside>
      <div className={`${selectedId ? "flex" : "hidden md:flex"} min-w-0 flex-1 flex-col`}>
        {selectedId ? (
          <ThreadPane key={selectedId} id={selectedId} onBack={() => select(null)} />
        ) : (
          <div className="m-auto flex max-w-sm flex-col items-center gap-2 p-8 text-center text-base-content/60">
            <Icon name="chat" className="size-10" />
            <p>Selecione uma conversa para ver as mensagens.</p>
          </div>
        )}
      </div>
    </div>
  );
}
