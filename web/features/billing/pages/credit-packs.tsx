import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { Skeleton } from "../../../components/ui/skeleton";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { formatCents } from "../components/money";

/** Créditos adicionais (SPEC §2): the admin's packs, bought through a one-time checkout. */
export default function CreditPacksPage() {
  const q = useQuery(trpc.billing.packs.queryOptions());
  if (q.isPending) return <Skeleton className="h-48 w-full" />;
  if (q.isError) return <p className="text-error">{trpcErrorMessage(q.error, "Não foi possível carregar os pacotes.")}</p>;
  const { packs, paymentsConfigured } = q.data;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="font-semibold text-2xl">Créditos adicionais</h1>
        <p className="text-base-content/70 text-sm">Compre créditos avulsos: eles entram no saldo assim que o pagamento é confirmado.</p>
      </div>
      {!paymentsConfigured && (
        <div role="status" className="alert alert-info alert-soft text-sm">
          Os pagamentos ainda não estão configurados nesta instalação.
        </div>
      )}
      {packs.length === 0 ? (
        <p className="text-base-content/60">Nenhum pacote de créditos disponível no momento.</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          {packs.map((p) => (
            <article key={p.id} aria-label={p.name} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-2">
                <h2 className="card-title">{p.name}</h2>
                <p className="font-bold text-2xl">{formatCents(p.priceCents)}</p>
                <p className="text-sm">{p.credits.toLocaleString("pt-BR")} créditos</p>
                <p className="text-base-content/70 text-xs">{p.expiresInDays ? `Válidos por ${p.expiresInDays} dias` : "Não expiram"}</p>
                <div className="card-actions">
                  {paymentsConfigured ? (
                    <Link href={`/checkout?pack=${p.id}`} className="btn btn-primary btn-sm">
                      Comprar
                    </Link>
                  ) : (
                    <button type="button" className="btn btn-primary btn-sm" disabled>
                      Comprar
                    </button>
                  )}
                </div>
              </div>
            </article>
          ))}
        </div>
      )}
    </div>
  );
}
