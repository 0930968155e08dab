import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { formatCents, periodLabel } from "../components/money";

type PlanRow = { id: string; name: string; priceCents: number; billingPeriod: string };

/** Planos (SPEC §2): the active plans from the database, the current one marked, upgrade/downgrade. */
export default function PlansPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const q = useQuery(trpc.billing.plans.queryOptions());
  const [change, setChange] = useState<PlanRow | null>(null);
  const changePlan = useMutation(
    trpc.billing.subscription.changePlan.mutationOptions({
      onSuccess: () => {
        setChange(null);
        toast({ title: "Plano alterado" });
        void qc.invalidateQueries({ queryKey: trpc.billing.plans.queryKey() });
        void qc.invalidateQueries({ queryKey: trpc.billing.subscription.get.queryKey() });
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível mudar de plano", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  if (q.isPending) return <Skeleton className="h-64 w-full" />;
  if (q.isError) return <p className="text-error">{trpcErrorMessage(q.error, "Não foi possível carregar os planos.")}</p>;
  const { plans, currentPlanId, hasStripeSubscription, paymentsConfigured } = q.data;
  const current = plans.find((p) => p.id === currentPlanId);

  const choose = (p: PlanRow) => {
    if (hasStripeSubscription) setChange(p);
    else navigate(`/checkout?plan=${p.id}`);
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="font-semibold text-2xl">Planos</h1>
        <p className="text-base-content/70 text-sm">Escolha o plano do seu espaço. Os créditos do plano são renovados a cada período pago.</p>
      </div>
      {!paymentsConfigured && (
        <div role="status" className="alert alert-info alert-soft text-sm">
          Os pagamentos ainda não estão configurados nesta instalação.
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {plans.map((p) => {
          const isCurrent = p.id === currentPlanId;
          const upgrade = (current?.priceCents ?? 0) < p.priceCents;
          return (
            <article key={p.id} aria-label={`Plano ${p.name}`} className={`card border bg-base-100 ${p.isPopular ? "border-primary" : "border-base-300"}`}>
              <div className="card-body gap-3">
                <div className="flex items-center justify-between gap-2">
                  <h2 className="card-title">{p.name}</h2>
                  {p.isPopular && <span className="badge badge-primary">Mais popular</span>}
                </div>
                <p>
                  <span className="font-bold text-2xl">{p.billingPeriod === "free" ? "Grátis" : formatCents(p.priceCents)}</span>{" "}
                  {p.billingPeriod !== "free" && <span className="text-base-content/70 text-sm">{periodLabel(p.billingPeriod)}</span>}
                </p>
                <ul className="list-disc pl-5 text-sm">
                  <li>{p.creditsIncluded.toLocaleString("pt-BR")} créditos</li>
                  <li>Até {p.maxAgents} agentes</li>
                  <li>Até {p.maxWorkspaces} espaços</li>
                  <li>Até {p.maxMembers} membros</li>
                  {p.features.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
                <div className="card-actions mt-auto">
                  {isCurrent ? (
                    <span className="badge badge-success badge-soft">Plano atual</span>
                  ) : p.billingPeriod === "free" ? (
                    hasStripeSubscription && (
                      <Link href="/faturamento" className="btn btn-ghost btn-sm">
                        Cancelar renovação em Faturamento
                      </Link>
                    )
                  ) : (
                    <button type="button" className={`btn btn-sm ${upgrade ? "btn-primary" : "btn-outline"}`} disabled={!paymentsConfigured} onClick={() => choose(p)}>
                      {upgrade ? `Assinar ${p.name}` : `Mudar para ${p.name}`}
                    </button>
                  )}
                </div>
              </div>
            </article>
          );
        })}
      </div>
      <ConfirmDialog
        open={change !== null}
        tone="primary"
        title={`Mudar para o plano ${change?.name ?? ""}?`}
        description={`A assinatura passa a custar ${formatCents(change?.priceCents)} ${periodLabel(change?.billingPeriod ?? "monthly")}; a diferença do período atual é calculada proporcionalmente pela Stripe. Agentes acima do limite do novo plano são pausados.`}
        confirmLabel="Mudar de plano"
        cancelLabel="Voltar"
        pending={changePlan.isPending}
        onConfirm={() => change && changePlan.mutate({ planId: change.id })}
        onCancel={() => setChange(null)}
      />
    </div>
  );
}
