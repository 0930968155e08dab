import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { SystemFigures } from "../components/platform/system-figures";

/** What each job type does, in words an admin reads. */
const JOB_LABELS: Record<string, string> = {
  "train-source": "Treinamento de fonte",
  "channel-inbound": "Mensagem recebida",
  "channel-reply": "Resposta do agente",
  "channel-outbox": "Envio pela caixa de saída",
  "channel-follow-up": "Follow-up",
};
const STATUS_LABELS: Record<string, string> = { pending: "Na fila", running: "Rodando", completed: "Concluídos (24 h)", failed: "Falharam", dead: "Mortos" };
const STATUSES = ["pending", "running", "completed", "dead"] as const;

const label = (type: string) => JOB_LABELS[type] ?? type;

/** A due job's wait, in words: seconds, minutes or hours. */
function formatLag(ms: number) {
  if (ms < 1000) return "—";
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`;
  return `${(ms / 3_600_000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} h`;
}

/** /admin/status: the durable queue — counts per kind, the oldest waiting job, and the dead letters with retry/discard. */
export default function SystemStatusPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const summary = useQuery({ ...trpc.admin.jobs.summary.queryOptions(), refetchInterval: 5000 });
  const dead = useQuery({ ...trpc.admin.jobs.dead.queryOptions(), refetchInterval: 10_000 });
  const status = useQuery({ ...trpc.adminPlatform.status.queryOptions(), refetchInterval: 10_000 });
  const lagOf = (type: string) => status.data?.queue.find((q) => q.type === type)?.lagMs ?? 0;
  const [discarding, setDiscarding] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: trpc.admin.jobs.summary.queryKey() }), qc.invalidateQueries({ queryKey: trpc.admin.jobs.dead.queryKey() })]);
  const retry = useMutation(
    trpc.admin.jobs.retry.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Job reenviado para a fila" });
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível reenviar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  const discard = useMutation(
    trpc.admin.jobs.discard.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Job descartado" });
        setDiscarding(null);
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível descartar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  const types = [...new Set((summary.data?.counts ?? []).map((c) => c.type))].sort();
  const count = (type: string, status: string) => summary.data?.counts.find((c) => c.type === type && c.status === status)?.count ?? 0;
  const waitSeconds = summary.data?.oldestDueAgeMs != null ? Math.round(summary.data.oldestDueAgeMs / 1000) : null;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Status do sistema</h1>
        <p className="text-base-content/70 text-sm">
          Saúde do servidor, banco de dados, disco, canais e a fila durável de treinamentos e mensagens. Jobs que esgotaram as tentativas ficam em "Mortos" até
          você reenviar ou descartar.
        </p>
      </div>

      <SystemFigures />

      <section className="card bg-base-100 border-base-300 border" aria-labelledby="queue-title">
        <div className="card-body">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="queue-title" className="card-title text-lg">
              Fila de jobs
            </h2>
            <span className="text-sm" data-testid="queue-wait">
              {waitSeconds === null ? "Nenhum job aguardando" : `Job mais antigo aguardando há ${waitSeconds} s`}
            </span>
          </div>
          {summary.isLoading ? (
            <Skeleton className="h-24 w-full" />
          ) : types.length === 0 ? (
            <p className="text-base-content/70 text-sm">A fila está vazia.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th>Tipo</th>
                    {STATUSES.map((s) => (
                      <th key={s} className="text-right">
                        {STATUS_LABELS[s]}
                      </th>
                    ))}
                    <th className="text-right">Atraso</th>
                  </tr>
                </thead>
                <tbody>
                  {types.map((t) => (
                    <tr key={t}>
                      <td>{label(t)}</td>
                      {STATUSES.map((s) => (
                        <td key={s} className={`text-right tabular-nums ${s === "dead" && count(t, s) > 0 ? "text-error font-semibold" : ""}`}>
                          {count(t, s)}
                        </td>
                      ))}
                      <td className={`text-right tabular-nums ${lagOf(t) > 60_000 ? "text-warning font-semibold" : ""}`}>{formatLag(lagOf(t))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </section>

      <section className="card bg-base-100 border-base-300 border" aria-labelledby="dead-title">
        <div className="card-body">
          <h2 id="dead-title" className="card-title text-lg">
            Jobs que falharam
          </h2>
          {dead.isLoading ? (
            <Skeleton className="h-24 w-full" />
          ) : !dead.data?.length ? (
            <p className="text-base-content/70 text-sm">Nenhum job falhou de vez. 🎉</p>
          ) : (
            <ul className="divide-base-300 divide-y">
              {dead.data.map((j) => (
                <li key={j.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="dead-job">
                  <div className="min-w-0">
                    <p className="font-medium">{label(j.type)}</p>
                    <p className="text-error break-words text-sm">{j.error ?? "Sem mensagem de erro"}</p>
                    <p className="text-base-content/60 text-xs">
                      {j.attempts} tentativa(s) · falhou em {formatDateTime(j.diedAt)} · criado em {formatDateTime(j.createdAt)}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <button type="button" className="btn btn-sm btn-primary" disabled={retry.isPending} onClick={() => retry.mutate({ id: j.id })}>
                      Tentar de novo
                    </button>
                    <button type="button" className="btn btn-sm btn-ghost" disabled={discard.isPending} onClick={() => setDiscarding(j.id)}>
                      Descartar
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <ConfirmDialog
        open={discarding !== null}
        title="Descartar este job?"
        description="Ele sai da lista de falhas e não será mais executado. Esta ação não pode ser desfeita."
        confirmLabel="Descartar"
        pending={discard.isPending}
        onConfirm={() => discarding && discard.mutate({ id: discarding })}
        onCancel={() => setDiscarding(null)}
      />
    </div>
  );
}
