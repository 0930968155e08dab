import { useMutation } from "@tanstack/react-query";
import { Suspense, lazy, useState } from "react";
import { Link, useParams } from "wouter";
import { Skeleton } from "../../../components/ui/skeleton";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { AgentsPanel } from "../components/agents-panel";
import { DecisionsPanel } from "../components/decisions-panel";
import { EditOrchestrationDialog } from "../components/edit-orchestration-dialog";
import { RoutersPanel } from "../components/routers-panel";
import { RuleDialog, type RuleDraft } from "../components/rule-dialog";
import { RulesList } from "../components/rules-list";
import { useCanEditOrchestrations, useOrchestration, useRefreshOrchestrations } from "../hooks/use-orchestrations";

const Graph = lazy(() => import("../components/orchestration-graph"));

/** /multi-agentes/:orchestrationId: the graph (or its list), the agents, the routers and the decisions. */
export default function OrchestrationDetailPage() {
  const { orchestrationId = "" } = useParams<{ orchestrationId: string }>();
  const q = useOrchestration(orchestrationId);
  const canEdit = useCanEditOrchestrations();
  const [view, setView] = useState<"graph" | "list">("graph");
  const [draft, setDraft] = useState<RuleDraft | null>(null);
  const [editing, setEditing] = useState(false);
  const toast = useToast();
  const refresh = useRefreshOrchestrations();
  const onError = (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  const update = useMutation(trpc.orchestrations.update.mutationOptions({ onSuccess: () => refresh(), onError: onError("Não foi possível alterar a orquestração") }));
  const positions = useMutation(trpc.orchestrations.savePositions.mutationOptions({ onError: onError("Não foi possível salvar as posições") }));

  if (q.isPending) return <Skeleton className="h-96 w-full" />;
  if (q.isError || !q.data) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col gap-3">
        <Link href="/multi-agentes" className="link text-sm">
          ← Multi Agentes
        </Link>
        <div role="alert" className="alert alert-error">
          {trpcErrorMessage(q.error, "Orquestração não encontrada")}
        </div>
      </div>
    );
  }
  const o = q.data;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link href="/multi-agentes" className="link text-sm">
            ← Multi Agentes
          </Link>
          <h1 className="font-semibold text-2xl">{o.name}</h1>
          {o.description && <p className="text-base-content/70 text-sm">{o.description}</p>}
        </div>
        <div className="flex items-center gap-3">
          <label className="flex items-center gap-2 text-sm" htmlFor="orchestration-active">
            <input id="orchestration-active" type="checkbox" className="toggle toggle-primary" checked={o.isActive} disabled={!canEdit || update.isPending} onChange={(e) => update.mutate({ id: o.id, patch: { isActive: e.target.checked } })} />
            {o.isActive ? "Ativa" : "Inativa"}
          </label>
          {canEdit && (
            <button type="button" className="btn btn-sm" onClick={() => setEditing(true)}>
              Editar
            </button>
          )}
        </div>
      </header>

      <section aria-labelledby="rules-title" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="rules-title" className="font-semibold">
            Fluxo entre agentes
          </h2>
          <div className="flex items-center gap-2">
            <div role="group" aria-label="Visualização" className="join">
              <button type="button" className={`btn btn-sm join-item ${view === "graph" ? "btn-active" : ""}`} aria-pressed={view === "graph"} onClick={() => setView("graph")}>
                Grafo
              </button>
              <button type="button" className={`btn btn-sm join-item ${view === "list" ? "btn-active" : ""}`} aria-pressed={view === "list"} onClick={() => setView("list")}>
                Lista
              </button>
            </div>
            {canEdit && o.agents.length >= 2 && (
              <button type="button" className="btn btn-primary btn-sm" onClick={() => setDraft({})}>
                Nova regra
              </button>
            )}
          </div>
        </div>
        {view === "graph" ? (
          <>
            <p className="text-base-content/70 text-xs">Arraste os agentes para organizar; ligue a saída de um agente à entrada de outro para criar uma regra; clique numa ligação para editá-la.</p>
            <Suspense fallback={<Skeleton className="h-[480px] w-full" />}>
              <Graph
                members={o.agents}
                rules={o.rules}
                canEdit={canEdit}
                onConnect={(from, to) => setDraft({ from, to })}
                onEdgeOpen={(rule) => setDraft({ rule })}
                onMoved={(p) => positions.mutate({ id: o.id, positions: p })}
              />
            </Suspense>
          </>
        ) : (
          <RulesList rules={o.rules} members={o.agents} canEdit={canEdit} onOpen={(rule) => setDraft({ rule })} />
        )}
      </section>

      <div className="grid gap-5 lg:grid-cols-[1fr_2fr]">
        <AgentsPanel orchestrationId={o.id} members={o.agents} canEdit={canEdit} />
        <RoutersPanel orchestrationId={o.id} routers={o.routers} members={o.agents} canEdit={canEdit} />
      </div>

      <DecisionsPanel orchestrationId={o.id} members={o.agents} />

      {draft && <RuleDialog orchestrationId={o.id} members={o.agents} draft={draft} canEdit={canEdit} onClose={() => setDraft(null)} />}
      {editing && <EditOrchestrationDialog id={o.id} name={o.name} description={o.description ?? ""} onClose={() => setEditing(false)} />}
    </div>
  );
}
