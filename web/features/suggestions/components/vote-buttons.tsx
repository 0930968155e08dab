import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Icon } from "../../../components/ui/icons";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import type { VoteType } from "../../../../src/schemas/suggestions";

type Props = { id: string; title: string; upVotes: number; downVotes: number; myVote: VoteType | null; closed: boolean };

/**
 * Up and down with their counts; pressing the vote already given takes it back. The server answers
 * with the recounted figures, and the list is read again so the order follows the score.
 */
export function VoteButtons({ id, title, upVotes, downVotes, myVote, closed }: Props) {
  const qc = useQueryClient();
  const toast = useToast();
  const vote = useMutation(
    trpc.suggestions.vote.mutationOptions({
      onSuccess: () => qc.invalidateQueries({ queryKey: trpc.suggestions.list.queryKey() }),
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível votar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const press = (t: VoteType) => vote.mutate({ id, voteType: myVote === t ? null : t });
  const disabled = closed || vote.isPending;
  return (
    <fieldset className="flex flex-col items-center gap-1" aria-label={`Votos em ${title}`}>
      <button
        type="button"
        className={`btn btn-sm ${myVote === "up" ? "btn-primary" : "btn-ghost"}`}
        aria-pressed={myVote === "up"}
        disabled={disabled}
        onClick={() => press("up")}
      >
        <Icon name="thumbUp" className="size-4" />
        {/* The name includes the visible count (WCAG 2.5.3): "Votar a favor, votos: 3". */}
        <span className="sr-only">Votar a favor, votos:</span> <span>{upVotes}</span>
      </button>
      <button
        type="button"
        className={`btn btn-sm ${myVote === "down" ? "btn-secondary" : "btn-ghost"}`}
        aria-pressed={myVote === "down"}
        disabled={disabled}
        onClick={() => press("down")}
      >
        <Icon name="thumbDown" className="size-4" />
        {/* The name includes the visible count (WCAG 2.5.3): "Votar contra, votos: 3". */}
        <span className="sr-only">Votar contra, votos:</span> <span>{downVotes}</span>
      </button>
    </fieldset>
  );
}
