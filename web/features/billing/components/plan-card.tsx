import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { formatDate } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { formatCents, periodLabel, subscriptionStatusLabel } from "./money";

/** The current plan and subscription (for /faturamento): status, renewal, cancel/resume, card, change plan. */
export function PlanCard() {
  const qc = useQueryClient();
  const toast = useToast();
  const sub = useQuery(trpc.billing.subscription.get.queryOptions());
  const [confirm, setConfirm] = useState<"cancel" | "resume" | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.billing.subscription.get.queryKey() });
  const onError = (e: unknown) => toast({ variant: "destructive", title: "Não foi possível concluir", description: trpcErrorMessage(e, "Tente novamente.") });
  const cancel = useMutation(trpc.billing.subscription.cancel.mutationOptions({ onSuccess: () => { setConfirm(null); toast({ title: "Renovação cancelada" }); void refresh(); }, onError }));
  const resume = useMutation(trpc.billing.subscription.resume.mutationOptions({ onSuccess: () => { setConfirm(null); toast({ title: "Renovação retomada" }); void refresh(); }, onError }));
  const portal = useMutation(trpc.billing.portal.mutationOptions({ onSuccess: (r) => window.location.assign(r.url), onError }));

  if (sub.isPending) return <Skeleton className="h-40 w-full" />;
  if (sub.isError) return <p className="text-error text-sm">{trpcErrorMessage(sub.error, "Não foi possível carregar o plano.")}</p>;
  const s = sub.data;
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="plan-card-title">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="plan-card-title" className="card-title">
            Plano {s.plan.name}
          </h2>
          <span className={`badge ${s.pastDue ? "badge-warning" : "badge-success"}`}>{subscriptionStatusLabel(s.status)}</span>
        </div>
        <p className="text-base-content/70 text-sm">
          {s.isFree ? "Plano gratuito" : `${formatCents(s.plan.priceCents)} ${periodLabel(s.plan.billingPeriod)}`} · {s.plan.creditsIncluded.toLocaleString("pt-BR")} créditos incluídos
        </p>
        {s.pastDue && (
          <div role="alert" className="alert alert-warning alert-soft text-sm">
            Não conseguimos cobrar a última fatura. Atualize o cartão até {formatDate(s.graceUntil)} para manter o plano.
          </div>
        )}
        {s.hasStripeSubscription && s.nextRenewalDate && <p className="text-sm">Próxima renovação em {formatDate(s.nextRenewalDate)} · {formatCents(s.nextRenewalAmountCents)}</p>}
        {s.cancelAtPeriodEnd && <p className="text-sm">Renovação cancelada: o plano termina em {formatDate(s.endDate)}.</p>}
        <div className="card-actions flex-wrap">
          <Link href="/planos" className="btn btn-primary btn-sm">
            Mudar de plano
          </Link>
          {s.hasStripeSubscription && (
            <>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => portal.mutate()} disabled={portal.isPending}>
                {portal.isPending && <ButtonSpinner />}
                Alterar cartão
              </button>
              {s.cancelAtPeriodEnd ? (
                <button type="button" className="btn btn-outline btn-sm" onClick={() => setConfirm("resume")}>
                  Retomar renovação
                </button>
              ) : (
                <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setConfirm("cancel")}>
                  Cancelar renovação
                </button>
              )}
            </>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirm === "cancel"}
        title="Cancelar renovação?"
        description={`O plano ${s.plan.name} continua ativo até ${formatDate(s.endDate)}. Depois o espaço volta ao plano Gratuito e os agentes acima do limite são pausados.`}
        confirmLabel="Cancelar renovação"
        cancelLabel="Manter"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === "resume"}
        title="Retomar renovação?"
        tone="primary"
        description={`O plano ${s.plan.name} volta a renovar automaticamente por ${formatCents(s.plan.priceCents)}.`}
        confirmLabel="Retomar renovação"
        cancelLabel="Voltar"
        pending={resume.isPending}
        onConfirm={() => resume.mutate()}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
}
