import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearch } from "wouter";
import { Skeleton } from "../../../components/ui/skeleton";
import { ButtonSpinner, Spinner } from "../../../components/ui/spinner";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { formatCents, periodLabel } from "../components/money";

/** Checkout (SPEC §2): the summary and coupon before Stripe; on return, the real state of our checkout. */
export default function CheckoutPage() {
  const params = new URLSearchParams(useSearch());
  const checkoutId = params.get("checkout");
  const status = params.get("status");
  if (checkoutId && status === "cancelado") return <Canceled />;
  if (checkoutId) return <Confirmation checkoutId={checkoutId} />;
  return <Summary planId={params.get("plan")} packId={params.get("pack")} />;
}

function Canceled() {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="font-semibold text-2xl">Pagamento cancelado</h1>
      <p>O pagamento foi cancelado e nada foi cobrado.</p>
      <div className="flex gap-2">
        <Link href="/planos" className="btn btn-primary btn-sm">
          Ver planos
        </Link>
        <Link href="/faturamento" className="btn btn-ghost btn-sm">
          Ir para Faturamento
        </Link>
      </div>
    </div>
  );
}

/** Polls our row until the webhook marks it complete (the redirect itself proves nothing). */
function Confirmation({ checkoutId }: { checkoutId: string }) {
  const qc = useQueryClient();
  const q = useQuery({
    ...trpc.billing.checkout.status.queryOptions({ checkoutId }),
    refetchInterval: (query) => (query.state.data?.status === "open" ? 1500 : false),
  });
  if (q.isPending) return <Skeleton className="h-32 w-full" />;
  if (q.isError) return <p className="text-error">{trpcErrorMessage(q.error, "Pagamento não encontrado.")}</p>;
  const c = q.data;
  if (c.status === "complete") {
    void qc.invalidateQueries({ queryKey: trpc.billing.subscription.get.queryKey() });
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        <h1 className="font-semibold text-2xl">Pagamento confirmado</h1>
        <div role="status" className="alert alert-success alert-soft">
          {c.kind === "plan" ? `Plano ${c.name ?? ""} ativo! ${c.credits?.toLocaleString("pt-BR") ?? ""} créditos adicionados.` : `${c.credits?.toLocaleString("pt-BR") ?? ""} créditos adicionados ao saldo.`}
        </div>
        <div className="flex gap-2">
          <Link href="/faturamento" className="btn btn-primary btn-sm">
            Ir para Faturamento
          </Link>
          <Link href="/dashboard" className="btn btn-ghost btn-sm">
            Ir para o Dashboard
          </Link>
        </div>
      </div>
    );
  }
  if (c.status === "expired") return <Canceled />;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4">
      <h1 className="font-semibold text-2xl">Quase lá</h1>
      <p role="status" className="flex items-center gap-2">
        <Spinner size="sm" /> Aguardando confirmação do pagamento…
      </p>
      <p className="text-base-content/70 text-sm">Pix e boleto podem levar alguns minutos. Você pode sair desta página: o plano é ativado assim que a Stripe confirmar.</p>
    </div>
  );
}

type Discount = { code: string; name: string; discountCents: number; totalCents: number };

function Summary({ planId, packId }: { planId: string | null; packId: string | null }) {
  const plansQ = useQuery({ ...trpc.billing.plans.queryOptions(), enabled: Boolean(planId) });
  const packsQ = useQuery({ ...trpc.billing.packs.queryOptions(), enabled: Boolean(packId) });
  const [code, setCode] = useState("");
  const [coupon, setCoupon] = useState<Discount | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = useMutation(
    trpc.coupons.check.mutationOptions({
      onSuccess: (r) => {
        setCouponError(null);
        setCoupon({ code: r.code, name: r.name, discountCents: r.discountCents, totalCents: r.totalCents });
      },
      onError: (e) => {
        setCoupon(null);
        setCouponError(trpcErrorMessage(e, "Cupom inválido"));
      },
    }),
  );
  const pay = useMutation(
    trpc.billing.checkout.create.mutationOptions({
      onSuccess: (r) => window.location.assign(r.url),
      onError: (e) => setError(trpcErrorMessage(e, "Não foi possível iniciar o pagamento.")),
    }),
  );
  if (!planId && !packId) return <p>Escolha um plano em <Link href="/planos" className="link">Planos</Link>.</p>;
  const loading = planId ? plansQ.isPending : packsQ.isPending;
  if (loading) return <Skeleton className="h-48 w-full" />;
  const plan = plansQ.data?.plans.find((p) => p.id === planId);
  const pack = packsQ.data?.packs.find((p) => p.id === packId);
  const configured = (planId ? plansQ.data?.paymentsConfigured : packsQ.data?.paymentsConfigured) ?? false;
  if (!plan && !pack) return <p className="text-error">Item não encontrado. <Link href="/planos" className="link">Ver planos</Link></p>;
  const subtotal = plan?.priceCents ?? pack?.priceCents ?? 0;
  const target = planId ? { planId } : { packId: packId ?? undefined };
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5">
      <h1 className="font-semibold text-2xl">Finalizar compra</h1>
      {!configured && (
        <div role="alert" className="alert alert-warning alert-soft text-sm">
          Os pagamentos ainda não estão configurados nesta instalação.
        </div>
      )}
      <section aria-label="Resumo" className="card border border-base-300 bg-base-100">
        <div className="card-body gap-2">
          <h2 className="card-title">{plan ? `Plano ${plan.name}` : pack?.name}</h2>
          <p className="text-sm">{plan ? `${plan.creditsIncluded.toLocaleString("pt-BR")} créditos ${periodLabel(plan.billingPeriod)}` : `${pack?.credits.toLocaleString("pt-BR")} créditos`}</p>
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt>Subtotal</dt>
            <dd className="text-right">{formatCents(subtotal)}</dd>
            {coupon && (
              <>
                <dt>Desconto ({coupon.code})</dt>
                <dd className="text-right">− {formatCents(coupon.discountCents)}</dd>
              </>
            )}
            <dt className="font-semibold">Total{plan && coupon ? " do primeiro período" : ""}</dt>
            <dd className="text-right font-semibold">{formatCents(coupon?.totalCents ?? subtotal)}</dd>
          </dl>
        </div>
      </section>
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) check.mutate({ code: code.trim(), ...target });
        }}
      >
        <label className="form-control flex-1">
          <span className="label-text text-sm">Cupom de desconto</span>
          <input className="input input-bordered input-sm w-full" value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} aria-invalid={couponError ? true : undefined} />
        </label>
        <button type="submit" className="btn btn-outline btn-sm" disabled={check.isPending || !code.trim()}>
          {check.isPending && <ButtonSpinner />}
          Aplicar
        </button>
      </form>
      {couponError && <p className="text-error text-sm" role="alert">{couponError}</p>}
      {coupon && <p className="text-success text-sm">Cupom {coupon.name} aplicado.</p>}
      {error && <p className="text-error text-sm" role="alert">{error}</p>}
      <button type="button" className="btn btn-primary" disabled={!configured || pay.isPending} onClick={() => pay.mutate({ ...target, couponCode: coupon?.code })}>
        {pay.isPending && <ButtonSpinner />}
        Ir para o pagamento
      </button>
      <p className="text-base-content/60 text-xs">Você será levado à página segura da Stripe (cartão{plan ? "" : ", Pix ou boleto quando disponíveis"}).</p>
    </div>
  );
}
