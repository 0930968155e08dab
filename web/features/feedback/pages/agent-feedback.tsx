import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { Icon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import {
  FEEDBACK_PERIODS,
  FEEDBACK_PERIOD_LABEL,
  FEEDBACK_STATUSES,
  FEEDBACK_STATUS_LABEL,
  FEEDBACK_TYPES,
  FEEDBACK_TYPE_LABEL,
  type FeedbackPeriod,
} from "../../../../src/schemas/feedback";
import { useAgentPermissions } from "../../agents/hooks/use-agents";
import { FeedbackItemCard } from "../components/feedback-item";
import { FeedbackStatsCard, type StatsPeriod } from "../components/feedback-stats-card";
import { ToTrainingDialog } from "../components/to-training-dialog";
import { type FeedbackItem, useFeedbackList, useResolveFeedback } from "../hooks/use-feedback";

type Type = (typeof FEEDBACK_TYPES)[number];
type Status = (typeof FEEDBACK_STATUSES)[number];

/** The typed search reaches the server a moment after the last key, not on every key. */
function useSettled(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** /agent/{agentId}/feedback: every like and dislike of the public chat and widget, with the exchange. */
export default function AgentFeedbackPage() {
  const { agentId = "" } = useParams<{ agentId: string }>();
  const agent = useQuery(trpc.agents.get.queryOptions({ id: agentId }, { retry: false }));
  const { canEdit } = useAgentPermissions();
  const [period, setPeriod] = useState<StatsPeriod>(7);
  const [type, setType] = useState<Type>("all");
  const [status, setStatus] = useState<Status>("all");
  const [listPeriod, setListPeriod] = useState<FeedbackPeriod>("30d");
  const [search, setSearch] = useState("");
  const settledSearch = useSettled(search.trim());
  const list = useFeedbackList(agentId, { type, status, period: listPeriod, search: settledSearch });
  const resolve = useResolveFeedback(agentId);
  const [training, setTraining] = useState<FeedbackItem | null>(null);

  if (agent.isPending) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <Skeleton className="h-16 w-80" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  }
  if (agent.isError) {
    return (
      <div className="mx-auto max-w-xl rounded-box border border-base-300 bg-base-100 p-8 text-center">
        <h1 className="font-semibold text-xl">Agente não encontrado</h1>
        <p className="mt-2 text-base-content/70 text-sm">{trpcErrorMessage(agent.error, "Não foi possível carregar o agente.")}</p>
        <Link href="/agents" className="btn btn-primary mt-4">
          Voltar para Meus Agentes
        </Link>
      </div>
    );
  }

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-center gap-4">
        <Link href={`/agent/${agentId}`} className="btn btn-ghost btn-sm btn-square" aria-label="Voltar para o editor do agente">
          <Icon name="chevronLeft" className="size-5" />
        </Link>
        <div className="min-w-0 flex-1">
          <p className="text-base-content/70 text-sm">Feedback do agente</p>
          <h1 className="truncate font-semibold text-2xl">{agent.data.name}</h1>
        </div>
      </div>

      <FeedbackStatsCard agentId={agentId} period={period} onPeriodChange={setPeriod} />

      <section aria-labelledby="feedback-list-title" className="flex flex-col gap-4">
        <h2 id="feedback-list-title" className="font-semibold text-lg">
          Avaliações dos clientes
        </h2>
        <form className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Filtros" onSubmit={(e) => e.preventDefault()}>
          <label className="form-control">
            <span className="label-text text-xs">Tipo</span>
            <select className="select select-sm select-bordered w-full" value={type} onChange={(e) => setType(e.target.value as Type)}>
              {FEEDBACK_TYPES.map((t) => (
                <option key={t} value={t}>
                  {FEEDBACK_TYPE_LABEL[t]}
                </option>
              ))}
            </select>
          </label>
          <label className="form-control">
            <span className="label-text text-xs">Status</span>
            <select className="select select-sm select-bordered w-full" value={status} onChange={(e) => setStatus(e.target.value as Status)}>
              {FEEDBACK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {FEEDBACK_STATUS_LABEL[s]}
                </option>
              ))}
            </select>
          </label>
          <label className="form-control">
            <span className="label-text text-xs">Período</span>
            <select className="select select-sm select-bordered w-full" value={listPeriod} onChange={(e) => setListPeriod(e.target.value as FeedbackPeriod)}>
              {FEEDBACK_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {FEEDBACK_PERIOD_LABEL[p]}
                </option>
              ))}
            </select>
          </label>
          <label className="form-control">
            <span className="label-text text-xs">Buscar na conversa</span>
            <input type="search" className="input input-sm input-bordered w-full" value={search} maxLength={200} placeholder="Pergunta, resposta ou observação" onChange={(e) => setSearch(e.target.value)} />
          </label>
        </form>

        {list.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : list.isError ? (
          <div role="alert" className="alert alert-error alert-soft">
            {trpcErrorMessage(list.error, "Não foi possível carregar as avaliações.")}
          </div>
        ) : items.length === 0 ? (
          <div className="rounded-box border border-base-300 border-dashed bg-base-100 p-8 text-center text-base-content/70 text-sm">
            Nenhuma avaliação encontrada com estes filtros. As avaliações chegam pelos botões 👍 e 👎 do chat público e do widget.
          </div>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Avaliações">
            {items.map((item) => (
              <FeedbackItemCard
                key={item.id}
                agentId={agentId}
                item={item}
                canEdit={canEdit}
                busy={resolve.isPending && resolve.variables?.id === item.id}
                onResolve={(resolved) => resolve.mutate({ id: item.id, resolved })}
                onTrain={() => setTraining(item)}
              />
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <button type="button" className="btn btn-outline btn-sm self-center" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage && <ButtonSpinner />}
            Carregar mais
          </button>
        )}
      </section>
      {training && <ToTrainingDialog agentId={agentId} item={training} onClose={() => setTraining(null)} />}
    </div>
  );
}
