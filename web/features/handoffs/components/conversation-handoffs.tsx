import { formatDateTime } from "../../../lib/format";
import { useAcceptHandoff, useConversationHandoffs } from "../hooks/use-handoffs";
import { HandoffStatusBadge, expiryText, fromTo, reasonLabel } from "./handoff-parts";

/**
 * Under a conversation's header: a banner while the customer waits for a person ('Aceitar
 * atendimento'), and the conversation's timeline of handoffs (agent to agent and to people).
 */
export function ConversationHandoffs({ conversationId, canAnswer }: { conversationId: string; canAnswer: boolean }) {
  const q = useConversationHandoffs(conversationId);
  const accept = useAcceptHandoff();
  const items = q.data?.items ?? [];
  const pending = q.data?.pending ?? null;
  if (items.length === 0) return null;
  return (
    <div className="border-base-300 border-b bg-base-100">
      {pending && (
        <div role="status" className="alert alert-warning alert-soft m-2 flex flex-wrap items-center justify-between gap-2 py-2" data-testid="handoff-banner">
          <div className="min-w-0 text-sm">
            <p className="font-medium">O cliente está aguardando um atendente ({reasonLabel(pending.reason)}).</p>
            <p className="text-xs">
              {pending.notes ? `${pending.notes} · ` : ""}
              {expiryText(pending)}
            </p>
          </div>
          {canAnswer && (
            <button type="button" className="btn btn-warning btn-sm" disabled={accept.isPending} onClick={() => accept.mutate({ id: pending.id })}>
              Aceitar atendimento
            </button>
          )}
        </div>
      )}
      <details className="px-3 py-1.5">
        <summary className="cursor-pointer text-sm">Transferências desta conversa ({items.length})</summary>
        <ol className="mt-2 flex flex-col gap-2 border-base-300 border-l-2 pl-3" aria-label="Linha do tempo de transferências">
          {items.map((h) => (
            <li key={h.id} className="text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{fromTo(h)}</span>
                <span className="badge badge-sm badge-outline">{reasonLabel(h.reason)}</span>
                <HandoffStatusBadge status={h.status} />
              </div>
              <p className="text-base-content/70 text-xs">
                {formatDateTime(h.createdAt)}
                {h.acceptedAt && h.toType === "human" ? ` · aceita em ${formatDateTime(h.acceptedAt)}` : ""}
                {h.completedAt && h.toType === "human" ? ` · encerrada em ${formatDateTime(h.completedAt)}` : ""}
                {h.notes ? ` · ${h.notes}` : ""}
              </p>
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
