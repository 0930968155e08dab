import type { SuggestionPriority, SuggestionStatus, VoteType } from "../../../../src/schemas/suggestions";
import { formatDate, formatDateTime } from "../../../lib/format";
import { SuggestionStatusBadge, categoryLabel } from "./suggestion-badges";
import { VoteButtons } from "./vote-buttons";

export type BoardItem = {
  id: string;
  title: string;
  description: string;
  category: string;
  status: SuggestionStatus;
  priority: SuggestionPriority;
  upVotes: number;
  downVotes: number;
  score: number;
  adminReply: string | null;
  adminReplyAt: number | null;
  createdAt: number;
  authorFirstName: string | null;
  mine: boolean;
  myVote: VoteType | null;
};

type Props = { item: BoardItem; onEdit: (item: BoardItem) => void; onDelete: (item: BoardItem) => void };

/** One suggestion on the board: votes on the side, the team's reply under the text, the author's own actions while pending. */
export function SuggestionCard({ item, onEdit, onDelete }: Props) {
  const headingId = `sugestao-${item.id}`;
  const closed = item.status === "mesclada" || item.status === "recusada";
  return (
    <article aria-labelledby={headingId} className="flex gap-4 rounded-box border border-base-300 bg-base-100 p-4">
      <VoteButtons id={item.id} title={item.title} upVotes={item.upVotes} downVotes={item.downVotes} myVote={item.myVote} closed={closed} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="font-semibold text-lg">
            {item.title}
          </h2>
          <SuggestionStatusBadge status={item.status} />
          <span className="badge badge-outline badge-sm">{categoryLabel(item.category)}</span>
        </div>
        <p className="whitespace-pre-line text-base-content/80 text-sm">{item.description}</p>
        <p className="text-base-content/70 text-xs">
          {item.mine ? "Sua sugestão" : `Sugerida por ${item.authorFirstName ?? "usuário removido"}`} · {formatDate(item.createdAt)} · pontuação {item.score}
        </p>
        {item.adminReply && (
          <div className="rounded-box border-primary border-l-4 bg-base-200 p-3 text-sm">
            <p className="font-medium">Resposta da equipe</p>
            <p className="whitespace-pre-line">{item.adminReply}</p>
            {item.adminReplyAt && <p className="mt-1 text-base-content/70 text-xs">{formatDateTime(item.adminReplyAt)}</p>}
          </div>
        )}
        {item.mine && item.status === "pendente" && (
          <div className="flex gap-2">
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => onEdit(item)}>
              Editar
            </button>
            <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => onDelete(item)}>
              Excluir
            </button>
          </div>
        )}
      </div>
    </article>
  );
}
