import { useState } from "react";
import { Link } from "wouter";
import { firstNameOf, useAuth } from "../../auth/hooks/use-auth";
import { CreditUsageChart, type Period } from "../components/credit-usage-chart";
import { StatCards } from "../components/stat-cards";
import { creditSummary, useDashboard } from "../hooks/use-dashboard";

export default function DashboardPage() {
  const { user } = useAuth();
  const [period, setPeriod] = useState<Period>(30);
  const { data, isLoading, isError, workspace } = useDashboard();
  const { needsUpgrade } = creditSummary(data);
  const name = firstNameOf(user) || "Usuário";

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-base-content/60 text-sm">Bem Vindo</p>
          <h1 className="font-semibold text-2xl sm:text-3xl">Olá, {name}!</h1>
        </div>
        {needsUpgrade && (
          <Link href="/faturamento" className="btn btn-accent btn-sm">
            Atualizar plano
          </Link>
        )}
      </div>
      {isError && (
        <div role="alert" className="alert alert-error alert-soft">
          Não foi possível carregar os dados do dashboard. Tente novamente em instantes.
        </div>
      )}
      <StatCards data={data} loading={isLoading} />
      <CreditUsageChart period={period} onPeriodChange={setPeriod} workspaceId={workspace?.id ?? null} />
    </div>
  );
}
