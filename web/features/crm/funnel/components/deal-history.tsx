import { Skeleton } from "../../../../components/ui/skeleton";
import { formatDateTime } from "../../../../lib/format";
import { trpcErrorMessage } from "../../../../lib/trpc";
import { type DealHistoryEntry, useDealHistory } from "../hooks/use-deal";

/** "por Ana Souza", "pelo agente Bia", "pelo sistema". */
export function actorText(actor: DealHistoryEntry["actor"]): string {
  if (actor.type === "user") return `por ${actor.name}`;
  if (actor.type === "agent") return `pelo agente ${actor.name}`;
  return "pelo sistema";
}

function StageChip({ name, color }: { name: string; color: string | null }) {
  return (
    <span className="inline-flex items-center gap-1 font-medium">
      <span className="size-2.5 rounded-full" style={{ backgroundColor: color ?? "#6B7280" }} aria-hidden="true" />
      {name}
    </span>
  );
}

/** Histórico: every change of stage, newest first, in São Paulo time. */
export function DealHistory({ dealId }: { dealId: string }) {
  const history = useDealHistory(dealId);
  return (
    <section aria-labelledby="deal-history-title" className="flex flex-col gap-4">
      <h2 id="deal-history-title" className="font-semibold text-lg">
        Histórico
      </h2>
      {history.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : history.isError ? (
        <p className="text-error text-sm">{trpcErrorMessage(history.error, "Não foi possível carregar o histórico.")}</p>
      ) : history.data.length === 0 ? (
        <p className="text-base-content/70 text-sm">Sem movimentações.</p>
      ) : (
        <ol className="relative ml-2 border-base-300 border-l" aria-label="Movimentações do negócio">
          {history.data.map((h) => (
            <li key={h.id} data-testid="deal-history-entry" className="relative mb-4 pl-5">
              <span className="absolute top-1.5 -left-[5px] size-2.5 rounded-full bg-primary" aria-hidden="true" />
              <p className="flex flex-wrap items-center gap-1 text-sm">
                {h.from ? (
                  <>
                    <StageChip name={h.from.name} color={h.from.color} />
                    <span aria-hidden="true">→</span>
                    <span className="sr-only">para</span>
                    <StageChip name={h.to.name} color={h.to.color} />
                  </>
                ) : (
                  <>
                    Criado em <StageChip name={h.to.name} color={h.to.color} />
                  </>
                )}
              </p>
              <p className="text-base-content/70 text-xs">
                {actorText(h.actor)} · <time dateTime={new Date(h.createdAt).toISOString()}>{formatDateTime(h.createdAt)}</time>
              </p>
              {h.notes && <p className="mt-1 whitespace-pre-line break-words text-sm">{h.notes}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
