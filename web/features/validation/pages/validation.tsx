import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { validationStatusLabel, validationTargetLabel } from "../../../../src/schemas/campaigns/validation";
import { ValidationForm } from "../components/validation-form";
import { ValidationResults } from "../components/validation-results";
import { type ValidationRun, downloadValidationCsv, isLive, useCancelValidation, useValidationRuns } from "../hooks/use-validation";

const percentOf = (r: ValidationRun) => (r.totalCount ? Math.floor((r.processedCount / r.totalCount) * 100) : 0);

/** /validation: check which numbers have WhatsApp (own-server gateway), follow the runs, see and download results. */
export default function ValidationPage() {
  const scope = useQuery(trpc.workspaces.current.queryOptions());
  const canWrite = Boolean(scope.data?.role && scope.data.role !== "viewer");
  const runs = useValidationRuns();
  const [openId, setOpenId] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<ValidationRun | null>(null);
  const cancel = useCancelValidation();
  const toast = useToast();
  const open = runs.data?.find((r) => r.id === openId) ?? null;

  const download = (id: string) =>
    downloadValidationCsv(id).catch((e: unknown) => toast({ variant: "destructive", title: "Não foi possível baixar o CSV", description: trpcErrorMessage(e, "Tente novamente.") }));

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <div>
        <p className="text-base-content/60 text-sm">Campanhas</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Validação de WhatsApp</h1>
        <p className="text-base-content/70 text-sm">Descubra quais números têm WhatsApp antes de uma campanha. Nenhuma mensagem é enviada.</p>
      </div>
      <ValidationForm canWrite={canWrite} onStarted={setOpenId} />
      <section className="card card-border bg-base-100" aria-labelledby="runs-title">
        <div className="card-body gap-3">
          <h2 id="runs-title" className="card-title text-lg">
            Validações
          </h2>
          {runs.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : runs.data?.length ? (
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <caption className="sr-only">Validações recentes</caption>
                <thead>
                  <tr>
                    <th scope="col">Iniciada em</th>
                    <th scope="col">Origem</th>
                    <th scope="col">Progresso</th>
                    <th scope="col">Com WhatsApp</th>
                    <th scope="col">Sem WhatsApp</th>
                    <th scope="col">Situação</th>
                    <th scope="col">
                      <span className="sr-only">Ações</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {runs.data.map((r) => (
                    <tr key={r.id} className={r.id === openId ? "bg-base-200" : undefined}>
                      <td>{formatDateTime(r.createdAt)}</td>
                      <td>{validationTargetLabel[r.targetKind] ?? r.targetKind}</td>
                      <td className="min-w-40">
                        <progress className="progress progress-primary w-full" value={r.processedCount} max={r.totalCount || 1} aria-label={`Progresso: ${percentOf(r)}%`} />
                        <span className="text-xs tabular-nums">
                          {formatNumber(r.processedCount)} de {formatNumber(r.totalCount)} ({percentOf(r)}%)
                        </span>
                      </td>
                      <td className="text-success tabular-nums">{formatNumber(r.validCount)}</td>
                      <td className="text-error tabular-nums">{formatNumber(r.invalidCount)}</td>
                      <td>
                        <span className={`badge ${r.status === "completed" ? "badge-success" : r.status === "failed" ? "badge-error" : "badge-ghost"}`}>{validationStatusLabel[r.status] ?? r.status}</span>
                        {r.errorMessage && <p className="text-error text-xs">{r.errorMessage}</p>}
                      </td>
                      <td>
                        <div className="flex flex-wrap justify-end gap-1">
                          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setOpenId(r.id === openId ? null : r.id)} aria-expanded={r.id === openId}>
                            {r.id === openId ? "Ocultar resultados" : "Ver resultados"}
                          </button>
                          <button type="button" className="btn btn-ghost btn-xs" onClick={() => void download(r.id)}>
                            Baixar CSV
                          </button>
                          {canWrite && isLive(r.status) && (
                            <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setCancelling(r)}>
                              Cancelar
                            </button>
                          )}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="text-base-content/70 text-sm">Nenhuma validação ainda.</p>
          )}
        </div>
      </section>
      {open && (
        <section className="card card-border bg-base-100" aria-labelledby="results-title">
          <div className="card-body gap-3">
            <h2 id="results-title" className="card-title text-lg">
              Resultados — {validationTargetLabel[open.targetKind]} de {formatDateTime(open.createdAt)}
            </h2>
            <ValidationResults run={open} />
          </div>
        </section>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancelar a validação?"
        description="Os números já verificados continuam salvos; os restantes não serão verificados."
        confirmLabel="Cancelar validação"
        cancelLabel="Voltar"
        pending={cancel.isPending}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(
            { id: cancelling.id },
            {
              onSuccess: () => {
                setCancelling(null);
                toast({ title: "Validação cancelada" });
              },
              onError: (e) => {
                setCancelling(null);
                toast({ variant: "destructive", title: "Não foi possível cancelar", description: trpcErrorMessage(e, "Tente novamente.") });
              },
            },
          )
        }
        onCancel={() => setCancelling(null)}
      />
    </div>
  );
}
