import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { useToast } from "../../../../components/ui/toast";
import { formatNumber } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { BILLING_PERIOD_LABELS, type BillingPeriod } from "../../../../../src/schemas/billing/plans";
import { CreditPacksSection } from "../../components/billing/credit-packs-section";
import { formatCents } from "../../components/billing/money";

type Confirm = { kind: "deactivate" | "remove"; id: string; name: string } | null;

const SYNC_LABEL = { synced: "Sincronizado", pending: "Pendente", not_needed: "Não se aplica" } as const;
const SYNC_BADGE = { synced: "badge-success", pending: "badge-warning", not_needed: "badge-ghost" } as const;

/** /admin/planos: the plans (with their Stripe sync) and, on a second tab, the credit packs. */
export default function AdminPlansPage() {
  const [tab, setTab] = useState<"plans" | "packs">("plans");
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-base-content/60 text-sm">Administração</p>
          <h1 className="font-semibold text-2xl sm:text-3xl">Planos</h1>
          <p className="mt-1 text-base-content/70 text-sm">O que se vende em /planos e /creditos-adicionais. Preços em reais.</p>
        </div>
        {tab === "plans" && (
          <Link href="/admin/planos/criar" className="btn btn-primary">
            <Icon name="plus" className="size-4" />
            Criar plano
          </Link>
        )}
      </div>
      <div role="tablist" className="tabs tabs-border">
        <button type="button" role="tab" aria-selected={tab === "plans"} className={`tab ${tab === "plans" ? "tab-active" : ""}`} onClick={() => setTab("plans")}>
          Planos
        </button>
        <button type="button" role="tab" aria-selected={tab === "packs"} className={`tab ${tab === "packs" ? "tab-active" : ""}`} onClick={() => setTab("packs")}>
          Pacotes de créditos
        </button>
      </div>
      {tab === "plans" ? <PlansTable /> : <CreditPacksSection />}
    </div>
  );
}

function PlansTable() {
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery(trpc.adminBilling.plans.list.queryOptions());
  const stripe = useQuery(trpc.adminBilling.stripe.get.queryOptions());
  const [confirm, setConfirm] = useState<Confirm>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.adminBilling.plans.list.queryKey() });
  const fail = (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });

  const setActive = useMutation(
    trpc.adminBilling.plans.setActive.mutationOptions({
      onSuccess: async (r) => {
        toast({ title: r.plan.isActive ? "Plano ativado" : "Plano desativado" });
        setConfirm(null);
        await refresh();
      },
      onError: fail("Não foi possível mudar o plano"),
    }),
  );
  const remove = useMutation(
    trpc.adminBilling.plans.remove.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Plano excluído" });
        setConfirm(null);
        await refresh();
      },
      onError: (e) => {
        setConfirm(null);
        fail("Não foi possível excluir")(e);
      },
    }),
  );
  const sync = useMutation(
    trpc.adminBilling.plans.syncStripe.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Sincronizado com a Stripe" });
        await refresh();
      },
      onError: fail("Não foi possível sincronizar"),
    }),
  );

  if (list.isPending) return <Skeleton className="h-64 w-full" />;
  if (list.isError) return <div role="alert" className="alert alert-error alert-soft">{trpcErrorMessage(list.error, "Não foi possível carregar os planos.")}</div>;
  const plans = list.data;
  const stripeReady = stripe.data?.hasSecretKey === true;

  return (
    <>
      {stripe.isSuccess && !stripeReady && (
        <div role="status" className="alert alert-info alert-soft text-sm">
          <Icon name="info" className="size-5" />
          <span>
            A Stripe ainda não está configurada: os planos são salvos aqui e serão sincronizados com a Stripe quando ela for configurada em{" "}
            <Link href="/admin/stripe-config" className="link">
              Configuração Stripe
            </Link>
            .
          </span>
        </div>
      )}
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table">
          <thead>
            <tr>
              <th>Plano</th>
              <th>Preço</th>
              <th>Créditos</th>
              <th>Limites</th>
              <th>Assinantes</th>
              <th>Stripe</th>
              <th>
                <span className="sr-only">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {plans.map((p) => (
              <tr key={p.id} className={p.isActive ? "" : "opacity-60"}>
                <td>
                  <div className="font-medium">{p.name}</div>
                  <div className="mt-1 flex flex-wrap gap-1">
                    <span className={`badge badge-sm ${p.isActive ? "badge-success" : "badge-ghost"}`}>{p.isActive ? "Ativo" : "Inativo"}</span>
                    {p.isPopular && <span className="badge badge-sm badge-primary">Mais popular</span>}
                  </div>
                </td>
                <td className="whitespace-nowrap">
                  {formatCents(p.priceCents)}
                  <div className="text-base-content/60 text-xs">{BILLING_PERIOD_LABELS[p.billingPeriod as BillingPeriod] ?? p.billingPeriod}</div>
                </td>
                <td className="tabular-nums">{formatNumber(p.creditsIncluded)}</td>
                <td className="text-xs">
                  {p.maxAgents} agentes · {p.maxWorkspaces} workspaces · {p.maxMembers} membros
                </td>
                <td className="tabular-nums">{formatNumber(p.subscribers)}</td>
                <td>
                  <span className={`badge badge-sm ${SYNC_BADGE[p.stripeSync]}`}>{SYNC_LABEL[p.stripeSync]}</span>
                  {p.stripeSync === "pending" && stripeReady && (
                    <button type="button" className="btn btn-link btn-xs" disabled={sync.isPending} onClick={() => sync.mutate({ id: p.id })}>
                      Sincronizar com a Stripe
                    </button>
                  )}
                </td>
                <td>
                  <div className="flex justify-end gap-1">
                    <Link href={`/admin/planos/editar/${p.id}`} className="btn btn-ghost btn-sm" aria-label={`Editar ${p.name}`}>
                      <Icon name="pencil" className="size-4" />
                    </Link>
                    {p.billingPeriod !== "free" &&
                      (p.isActive ? (
                        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirm({ kind: "deactivate", id: p.id, name: p.name })}>
                          Desativar
                        </button>
                      ) : (
                        <button type="button" className="btn btn-ghost btn-sm" disabled={setActive.isPending} onClick={() => setActive.mutate({ id: p.id, isActive: true })}>
                          Ativar
                        </button>
                      ))}
                    {p.billingPeriod !== "free" && p.subscribers === 0 && (
                      <button type="button" className="btn btn-ghost btn-sm text-error" aria-label={`Excluir ${p.name}`} onClick={() => setConfirm({ kind: "remove", id: p.id, name: p.name })}>
                        <Icon name="trash" className="size-4" />
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === "remove" ? "Excluir plano?" : "Desativar plano?"}
        description={
          confirm?.kind === "remove"
            ? `O plano ${confirm?.name} será excluído. Esta ação não pode ser desfeita.`
            : `O plano ${confirm?.name} deixa de ser vendido. Quem já assina continua com ele.`
        }
        confirmLabel={confirm?.kind === "remove" ? "Excluir" : "Desativar"}
        pending={setActive.isPending || remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          if (confirm.kind === "remove") remove.mutate({ id: confirm.id });
          else setActive.mutate({ id: confirm.id, isActive: false });
        }}
      />
    </>
  );
}
