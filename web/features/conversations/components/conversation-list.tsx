import { useEffect, useState } from "react";
import { Skeleton } from "../../../components/ui/skeleton";
import { trpcErrorMessage } from "../../../lib/trpc";
import { displayName, previewOf, relativeTime } from "../format";
import { type ConversationItem, type ListFilters, useConversationList } from "../hooks/use-conversations";
import { ChannelBadge } from "./channel-badge";
import { hasFilters } from "./conversation-filters";

const SENDER_PREFIX: Record<string, string> = { agent: "IA: ", human: "Atendente: ", system: "" };

/** Re-renders once a minute so "há 5 min" keeps up without a refetch. */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

type Props = { filters: ListFilters; selectedId: string | null; onSelect: (id: string) => void; onClearFilters: () => void };

export function ConversationList({ filters, selectedId, onSelect, onClearFilters }: Props) {
  const list = useConversationList(filters);
  const now = useMinuteClock();
  if (list.isPending) {
    return (
      <div className="flex flex-col gap-2 p-3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft m-3">
        {trpcErrorMessage(list.error, "Não foi possível carregar as conversas. Tente novamente em instantes.")}
      </div>
    );
  }
  const items = list.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return hasFilters(filters) ? (
      <div className="flex flex-col items-center gap-3 p-8 text-center text-base-content/70 text-sm">
        <p>Nenhuma conversa encontrada com esses filtros.</p>
        {/* A filtered page examines a window of conversations; older ones are searched on request. */}
        {list.hasNextPage && (
          <button type="button" className="btn btn-sm btn-outline" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            {list.isFetchingNextPage ? "Buscando..." : "Buscar em conversas mais antigas"}
          </button>
        )}
        <button type="button" className="btn btn-sm btn-ghost" onClick={onClearFilters}>
          Limpar filtros
        </button>
      </div>
    ) : (
      <div className="flex flex-col items-center gap-2 p-8 text-center text-sm">
        <p className="font-medium">Nenhuma conversa ainda</p>
        <p className="text-base-content/70">
          Quando clientes escreverem para seus agentes no WhatsApp, Telegram, Instagram ou no chat do site, as conversas aparecem aqui.
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-col">
      <ul aria-label="Conversas" className="flex flex-col">
        {items.map((c) => (
          <li key={c.id}>
            <ConversationRow item={c} now={now} selected={c.id === selectedId} onSelect={() => onSelect(c.id)} />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <button type="button" className="btn btn-ghost btn-sm m-3" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
          {list.isFetchingNextPage ? "Carregando..." : "Carregar mais conversas"}
        </button>
      )}
    </div>
  );
}

function ConversationRow({ item, now, selected, onSelect }: { item: ConversationItem; now: number; selected: boolean; onSelect: () => void }) {
  const name = displayName(item);
  const last = item.lastMessage;
  const unread = item.unreadCount > 0;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? "true" : undefined}
      data-conversation-id={item.id}
      className={`flex w-full gap-3 border-base-300 border-b px-3 py-3 text-left transition ${selected ? "bg-primary/10" : "hover:bg-base-200"}`}
    >
      <ChannelBadge channel={item.channel} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline gap-2">
          <span className={`flex-1 truncate text-sm ${unread ? "font-semibold" : "font-medium"}`}>{name}</span>
          <time className="shrink-0 text-base-content/60 text-xs" dateTime={new Date(item.lastMessageAt).toISOString()}>
            {relativeTime(item.lastMessageAt, now)}
          </time>
        </span>
        <span className="flex items-center gap-2">
          <span className={`flex-1 truncate text-xs ${unread ? "text-base-content" : "text-base-content/60"}`}>
            {last ? `${SENDER_PREFIX[last.senderType] ?? ""}${previewOf(last)}` : "Sem mensagens"}
          </span>
          {unread && (
            <span className="badge badge-primary badge-xs">
              {/* A bare span cannot carry aria-label: the screen reader reads the hidden words instead. */}
              <span aria-hidden="true">{item.unreadCount}</span>
              <span className="sr-only">{`${item.unreadCount} não lidas`}</span>
            </span>
          )}
        </span>
        {(item.needsHumanSupport || item.status === "resolved" || item.handledBy === "human" || item.campaign) && (
          <span className="mt-0.5 flex flex-wrap gap-1">
            {item.campaign && <span className="badge badge-info badge-soft badge-xs max-w-full truncate">Campanha: {item.campaign.name}</span>}
            {item.needsHumanSupport && item.status === "active" && <span className="badge badge-warning badge-xs">Precisa de humano</span>}
            {item.handledBy === "human" && item.status === "active" && <span className="badge badge-ghost badge-xs">Com atendente</span>}
            {item.status === "resolved" && <span className="badge badge-success badge-soft badge-xs">Resolvida</span>}
          </span>
        )}
      </span>
    </button>
  );
}
