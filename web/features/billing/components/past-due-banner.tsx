import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { formatDate } from "../../../lib/format";
import { trpc } from "../../../lib/trpc";

/** The shell's warning while the subscription is past due (the plan keeps working until graceUntil). */
export function PastDueBanner() {
  const q = useQuery({ ...trpc.billing.subscription.get.queryOptions(), staleTime: 60_000 });
  if (!q.data?.pastDue) return null;
  return (
    <div role="alert" className="alert alert-warning rounded-none text-sm">
      <span>
        Não conseguimos cobrar a assinatura do plano {q.data.plan.name}. Atualize o cartão até {formatDate(q.data.graceUntil)} para não voltar ao plano Gratuito.
      </span>
      <Link href="/faturamento" className="btn btn-sm">
        Ir para Faturamento
      </Link>
    </div>
  );
}
