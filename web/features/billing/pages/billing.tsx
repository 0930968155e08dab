import { CacheSavings } from "../components/cache-savings";
import { Invoices } from "../components/invoices";
import { PlanCard } from "../components/plan-card";
import { SpendCaps } from "../components/spend-caps";
import { Statement } from "../components/statement";
import { UsageChart } from "../components/usage-chart";

/** /faturamento: plan and invoices (checkout engineer's cards), usage statement, chart, cache savings, spend caps. */
export default function BillingPage() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold">Faturamento</h1>
      <section aria-label="Plano">
        <PlanCard />
      </section>
      <UsageChart />
      <Statement />
      <div className="grid gap-4 lg:grid-cols-2">
        <CacheSavings />
        <SpendCaps />
      </div>
      <section aria-label="Faturas">
        <Invoices />
      </section>
    </div>
  );
}
