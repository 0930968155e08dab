import { type ComponentType, Suspense, lazy } from "react";
import { useLocation, useSearch } from "wouter";
import { Skeleton } from "../../../components/ui/skeleton";

/**
 * /multi-agentes (issue 18): the workspace's agents working together. Each tab is its own area
 * (orchestrations and routing, A/B tests, handoffs to people, sentiment and alerts); the tab lives
 * in the URL (?aba=) so a link opens it.
 */
const TABS: { id: string; label: string; panel: ComponentType }[] = [
  { id: "orquestracoes", label: "Orquestrações", panel: lazy(() => import("../components/orchestrations-tab")) },
  { id: "transferencias", label: "Transferências", panel: lazy(() => import("../../handoffs/components/handoffs-tab")) },
  { id: "testes-ab", label: "Testes A/B", panel: lazy(() => import("../../ab-tests/components/ab-tests-tab")) },
  { id: "sentimento", label: "Sentimento e alertas", panel: lazy(() => import("../../insights/components/insights-tab")) },
];

export default function MultiAgentsPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const wanted = new URLSearchParams(search).get("aba");
  const current = TABS.find((t) => t.id === wanted) ?? TABS[0];
  if (!current) return null;
  const Panel = current.panel;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <div>
        <p className="text-base-content/60 text-sm">Agentes trabalhando juntos</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Multi Agentes</h1>
      </div>
      <div role="tablist" aria-label="Seções de Multi Agentes" className="tabs tabs-border">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-controls={`panel-${t.id}`}
            aria-selected={current.id === t.id}
            className={`tab ${current.id === t.id ? "tab-active" : ""}`}
            onClick={() => navigate(t.id === TABS[0]?.id ? "/multi-agentes" : `/multi-agentes?aba=${t.id}`)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${current.id}`} aria-labelledby={`tab-${current.id}`} className="flex flex-col gap-4">
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <Panel />
        </Suspense>
      </div>
    </div>
  );
}
