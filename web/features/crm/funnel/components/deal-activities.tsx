import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ACTIVITY_STATUS_LABEL, ACTIVITY_TYPE_LABEL } from "../../../../../src/schemas/crm/deal-details";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Dialog } from "../../../../components/ui/dialog";
import { TextArea } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { formatDateTime } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { ACTIVITY_ICON, type DealActivity, useDealActivities, useRefreshDeal } from "../hooks/use-deal";
import { type ActivityInput, ActivityFormDialog } from "./activity-form";

/** Pending first (soonest due first, undated last), then the done and cancelled ones, newest first. */
function ordered(list: DealActivity[]): DealActivity[] {
  const pending = list.filter((a) => a.status === "pending").sort((a, b) => (a.scheduledAt ?? Number.MAX_SAFE_INTEGER) - (b.scheduledAt ?? Number.MAX_SAFE_INTEGER));
  const rest = list.filter((a) => a.status !== "pending").sort((a, b) => (b.completedAt ?? b.updatedAt) - (a.completedAt ?? a.updatedAt));
  return [...pending, ...rest];
}

type Props = { dealId: string; canWrite: boolean };

/** Atividades: the deal's e-mails, calls, meetings, tasks and notes; overdue ones stand out. */
export function DealActivities({ dealId, canWrite }: Props) {
  const toast = useToast();
  const refresh = useRefreshDeal(dealId);
  const list = useDealActivities(dealId);
  const [form, setForm] = useState<{ editing: DealActivity | null } | null>(null);
  const [completing, setCompleting] = useState<DealActivity | null>(null);
  const [outcome, setOutcome] = useState("");
  const [removing, setRemoving] = useState<DealActivity | null>(null);
  const [showDone, setShowDone] = useState(true);

  const fail = (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  const after = (title: string, close?: () => void) => () => {
    close?.();
    toast({ title });
    void refresh({ activities: true });
  };
  const create = useMutation(trpc.funnel.activities.create.mutationOptions({ onSuccess: after("Atividade criada", () => setForm(null)), onError: fail("Erro ao criar atividade") }));
  const update = useMutation(trpc.funnel.activities.update.mutationOptions({ onError: fail("Erro ao salvar atividade") }));
  const complete = useMutation(
    trpc.funnel.activities.complete.mutationOptions({ onSuccess: after("Atividade concluída", () => setCompleting(null)), onError: fail("Erro ao concluir atividade") }),
  );
  const remove = useMutation(trpc.funnel.activities.delete.mutationOptions({ onSuccess: after("Atividade excluída", () => setRemoving(null)), onError: fail("Erro ao excluir atividade") }));

  const save = (input: ActivityInput) => {
    const editing = form?.editing;
    if (editing) update.mutate({ id: editing.id, patch: input }, { onSuccess: after("Atividade atualizada", () => setForm(null)) });
    else create.mutate({ dealId, ...input });
  };
  const now = Date.now();
  const items = ordered(list.data ?? []).filter((a) => showDone || a.status === "pending");
  const doneCount = (list.data ?? []).filter((a) => a.status !== "pending").length;

  return (
    <section aria-labelledby="deal-activities-title" className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="deal-activities-title" className="font-semibold text-lg">
          Atividades
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {doneCount > 0 && (
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="checkbox" className="checkbox checkbox-sm" checked={showDone} onChange={(e) => setShowDone(e.target.checked)} />
              Mostrar concluídas ({doneCount})
            </label>
          )}
          {canWrite && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setForm({ editing: null })}>
              <Icon name="plus" className="size-4" />
              Nova atividade
            </button>
          )}
        </div>
      </header>

      {list.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : list.isError ? (
        <p className="text-error text-sm">{trpcErrorMessage(list.error, "Não foi possível carregar as atividades.")}</p>
      ) : items.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed p-6 text-center text-base-content/70 text-sm">Nenhuma atividade neste negócio ainda.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Lista de atividades">
          {items.map((a) => {
            const overdue = a.status === "pending" && a.scheduledAt !== null && a.scheduledAt < now;
            return (
              <li key={a.id} data-testid="deal-activity" className={`flex flex-wrap items-start gap-3 rounded-box border p-3 ${overdue ? "border-error bg-error/5" : "border-base-300"}`}>
                <span className={`mt-0.5 rounded-full p-2 ${a.status === "pending" ? "bg-primary/10 text-primary" : "bg-base-200 text-base-content/70"}`}>
                  <Icon name={ACTIVITY_ICON[a.type]} className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className={`font-medium break-words ${a.status === "cancelled" ? "line-through" : ""}`}>{a.subject}</p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-2 text-base-content/70 text-xs">
                    <span>{ACTIVITY_TYPE_LABEL[a.type]}</span>
                    {a.scheduledAt !== null && <span>· {formatDateTime(a.scheduledAt)}</span>}
                    {a.duration !== null && <span>· {a.duration} min</span>}
                    {overdue ? (
                      <span className="badge badge-error badge-sm">Atrasada</span>
                    ) : (
                      <span className={`badge badge-sm ${a.status === "completed" ? "badge-success badge-soft" : "badge-ghost"}`}>{ACTIVITY_STATUS_LABEL[a.status]}</span>
                    )}
                  </p>
                  {a.description && <p className="mt-1 whitespace-pre-line break-words text-sm">{a.description}</p>}
                  {a.outcome && (
                    <p className="mt-1 whitespace-pre-line break-words text-sm">
                      <span className="font-medium">Resultado: </span>
                      {a.outcome}
                    </p>
                  )}
                </div>
                {canWrite && (
                  <div className="flex flex-wrap gap-1">
                    {a.status === "pending" ? (
                      <button
                        type="button"
                        className="btn btn-success btn-soft btn-sm"
                        onClick={() => {
                          setOutcome(a.outcome ?? "");
                          setCompleting(a);
                        }}
                      >
                        <Icon name="check" className="size-4" />
                        Concluir
                        <span className="sr-only"> {a.subject}</span>
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        disabled={update.isPending}
                        onClick={() => update.mutate({ id: a.id, patch: { status: "pending" } }, { onSuccess: after("Atividade reaberta") })}
                      >
                        Reabrir<span className="sr-only"> {a.subject}</span>
                      </button>
                    )}
                    <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={`Editar atividade ${a.subject}`} onClick={() => setForm({ editing: a })}>
                      <Icon name="pencil" className="size-4" />
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm btn-square text-error" aria-label={`Excluir atividade ${a.subject}`} onClick={() => setRemoving(a)}>
                      <Icon name="trash" className="size-4" />
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <ActivityFormDialog open={form !== null} editing={form?.editing ?? null} saving={create.isPending || update.isPending} onSubmit={save} onClose={() => setForm(null)} />
      <Dialog
        open={completing !== null}
        onClose={() => setCompleting(null)}
        title="Concluir atividade"
        description={completing?.subject}
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setCompleting(null)} disabled={complete.isPending}>
              Cancelar
            </button>
            <button type="button" className="btn btn-success" disabled={complete.isPending} onClick={() => completing && complete.mutate({ id: completing.id, outcome })}>
              {complete.isPending && <ButtonSpinner />}
              Marcar como concluída
            </button>
          </>
        }
      >
        <TextArea label="Resultado (opcional)" value={outcome} onChange={setOutcome} max={2000} rows={3} placeholder="Ex.: Cliente pediu a proposta por e-mail" />
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title="Excluir atividade"
        description={`A atividade "${removing?.subject ?? ""}" será excluída deste negócio.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </section>
  );
}
