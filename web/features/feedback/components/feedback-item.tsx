import { Link } from "wouter";
import { formatDateTime } from "../../../lib/format";
import type { FeedbackItem } from "../hooks/use-feedback";

type Props = {
  agentId: string;
  item: FeedbackItem;
  canEdit: boolean;
  busy: boolean;
  onResolve: (resolved: boolean) => void;
  onTrain: () => void;
};

/** One like or dislike with its exchange, the visitor's note and what can be done about it. */
export function FeedbackItemCard({ agentId, item, canEdit, busy, onResolve, onTrain }: Props) {
  const like = item.feedbackType === "like";
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm" aria-label={`${like ? "Gostei" : "Não gostei"} em ${formatDateTime(item.createdAt)}`}>
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className={`badge ${like ? "badge-success" : "badge-error"} badge-soft`}>{like ? "👍 Gostei" : "👎 Não gostei"}</span>
          <span className={`badge ${item.resolved ? "badge-ghost" : "badge-warning badge-soft"}`}>{item.resolved ? "Resolvido" : "Em aberto"}</span>
          <time className="ml-auto text-base-content/70 text-xs" dateTime={new Date(item.createdAt).toISOString()}>
            {formatDateTime(item.createdAt)}
          </time>
        </div>
        <div className="grid gap-3 md:grid-cols-2">
          <div>
            <p className="font-medium text-base-content/70 text-xs">Mensagem do cliente</p>
            <p className="whitespace-pre-wrap break-words text-sm">{item.userMessage?.trim() || "(sem mensagem)"}</p>
          </div>
          <div>
            <p className="font-medium text-base-content/70 text-xs">Resposta do agente</p>
            <p className="whitespace-pre-wrap break-words text-sm">{item.agentResponse}</p>
          </div>
        </div>
        {item.observation && (
          <p className="rounded-box bg-base-200 px-3 py-2 text-sm">
            <span className="font-medium">Observação: </span>
            {item.observation}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-end gap-2">
          {item.trainingSourceId ? (
            <Link href={`/agent/${agentId}#treinamentos`} className="link link-primary text-sm">
              Ver texto de treinamento: {item.trainingSourceTitle}
            </Link>
          ) : (
            canEdit && (
              <button type="button" className="btn btn-outline btn-sm" onClick={onTrain}>
                Transformar em texto de treinamento
              </button>
            )
          )}
          {canEdit && (
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => onResolve(!item.resolved)}>
              {item.resolved ? "Reabrir" : "Marcar como resolvido"}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
