import { Link } from "wouter";
import { formatNumber, formatThousands } from "../../../lib/format";
import { creditSummary, useDashboard } from "../../dashboard/hooks/use-dashboard";

/** Usage bar of §9: width max(5, 100 - used%), red above 80% used, amber above 60%, else green. */
export function usageBar(usedPct: number) {
  const width = Math.max(5, 100 - usedPct);
  const color = usedPct > 80 ? "bg-error" : usedPct > 60 ? "bg-warning" : "bg-success";
  return { width, color };
}

/** Plan and credit summary of the sidebar; a click opens /faturamento. */
export function PlanCreditBox({ collapsed }: { collapsed: boolean }) {
  const { data, isLoading, workspace } = useDashboard();
  const plan = data?.subscription?.plan ?? workspace?.plan ?? null;
  const planName = plan?.name || (data ? "Gratuito" : null);
  const isFree = (plan?.billingPeriod ?? "free") === "free";
  const { remaining, bonus, total, usedPct } = creditSummary(data);
  const bar = usageBar(usedPct);
  const dot = <span className={`inline-block size-2 shrink-0 rounded-full ${isFree ? "bg-base-content/30" : "bg-success"}`} />;

  if (collapsed) {
    return (
      <Link
        href="/faturamento"
        title={planName ? `${planName}: ${formatNumber(remaining + bonus)} créditos` : "Faturamento"}
        className="mx-auto flex size-10 items-center justify-center rounded-field hover:bg-base-200"
        aria-label="Plano e créditos"
      >
        {dot}
      </Link>
    );
  }

  return (
    <Link
      href="/faturamento"
      className="block rounded-box border border-base-300 bg-base-200/60 p-3 text-sm transition hover:border-primary/40 hover:bg-base-200"
    >
      {/* Named by its visible text after this prefix (WCAG 2.5.3), not by an aria-label hiding it. */}
      <span className="sr-only">Plano e créditos: </span>
      <div className="flex items-center gap-2">
        {dot}
        <span className="truncate font-medium">
          {isLoading ? "Carregando..." : (planName ?? "Plano não disponível")}
        </span>
      </div>
      {data && (
        <>
          <div className="mt-2 flex items-baseline justify-between text-xs">
            <span className="text-base-content/70">Créditos</span>
            <span>
              <strong className="text-base-content">{formatNumber(remaining + bonus)}</strong>
              <span className="text-base-content/60"> / {formatThousands(total)}</span>
            </span>
          </div>
          <div className="mt-1.5 h-1.5 w-full overflow-hidden rounded-full bg-base-300">
            <div data-testid="credit-usage-bar" className={`h-full rounded-full ${bar.color}`} style={{ width: `${bar.width}%` }} />
          </div>
        </>
      )}
    </Link>
  );
}
