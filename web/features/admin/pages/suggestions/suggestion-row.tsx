import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "../../../../components/ui/toast";
import { formatDate, truncate } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import type { SuggestionPriority, SuggestionStatus } from "../../../../../src/schemas/suggestions";
import { ADMIN_SETTABLE_STATUSES, type AdminSuggestionUpdateInput } from "../../../../../src/schemas/suggestions-api";
import { SuggestionStatusBadge, categoryLabel, priorityOptions, statusOptions } from "../../../suggestions/components/suggestion-badges";

export type AdminRow = {
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
  createdAt: number;
  authorName: string | null;
  authorEmail: string | null;
};

type Props = { item: AdminRow; onReply: (r: AdminRow) => void; onMerge: (r: AdminRow) => void; onDelete: (r: AdminRow) => void };

const settable = statusOptions.filter((o) => (ADMIN_SETTABLE_STATUSES as readonly string[]).includes(o.value));

/** One row: status and priority change on the spot (a status change e-mails the author); the rest opens a dialog. */
export function SuggestionRow({ item, onReply, onMerge, onDelete }: Props) {
  const qc = useQueryClient();
  const toast = useToast();
  const update = useMutation(
    trpc.adminSuggestions.update.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Sugestão atualizada" });
        await qc.invalidateQueries({ queryKey: trpc.adminSuggestions.list.queryKey() });
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível atualizar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const merged = item.status === "mesclada";
  const patch = (p: Omit<AdminSuggestionUpdateInput, "id">) => update.mutate({ id: item.id, ...p });
  return (
    <tr>
      <td className="max-w-md">
        <div className="font-medium">{item.title}</div>
        <div className="text-base-content/70 text-xs">
          {categoryLabel(item.category)} · {item.authorName ?? "usuário removido"}
          {item.authorEmail ? ` (${item.authorEmail})` : ""} · {formatDate(item.createdAt)}
        </div>
        <div className="mt-1 text-sm">{truncate(item.description, 160)}</div>
        {item.adminReply && <div className="mt-1 text-base-content/70 text-xs">Resposta: {truncate(item.adminReply, 120)}</div>}
      </td>
      <td className="whitespace-nowrap text-sm">
        <span className="font-semibold">{item.score}</span>
        <span className="text-base-content/70">
          {" "}
          (+{item.upVotes} / −{item.downVotes})
        </span>
      </td>
      <td>
        {merged ? (
          <SuggestionStatusBadge status={item.status} />
        ) : (
          <select
            className="select select-sm"
            aria-label={`Situação de ${item.title}`}
            value={item.status}
            disabled={update.isPending}
            onChange={(e) => patch({ status: e.target.value as AdminSuggestionUpdateInput["status"] })}
          >
            {settable.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </td>
      <td>
        <select
          className="select select-sm"
          aria-label={`Prioridade de ${item.title}`}
          value={item.priority}
          disabled={update.isPending}
          onChange={(e) => patch({ priority: e.target.value as SuggestionPriority })}
        >
          {priorityOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </td>
      <td>
        <div className="flex flex-wrap gap-1">
          <button type="button" className="btn btn-ghost btn-xs" aria-label={`Responder ${item.title}`} onClick={() => onReply(item)}>
            Responder
          </button>
          {!merged && (
            <button type="button" className="btn btn-ghost btn-xs" aria-label={`Mesclar ${item.title}`} onClick={() => onMerge(item)}>
              Mesclar
            </button>
          )}
          <button type="button" className="btn btn-ghost btn-xs text-error" aria-label={`Excluir ${item.title}`} onClick={() => onDelete(item)}>
            Excluir
          </button>
        </div>
      </td>
    </tr>
  );
}
