import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Suspense, lazy, useState } from "react";
import { Link } from "wouter";
import { ROUTING_CHANNEL_LABEL, ROUTING_METHOD_LABEL, ROUTING_METHODS, type RoutingMethod, routingChannelOf } from "../../../../src/schemas/orchestration";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import type { OrchestrationMember } from "../hooks/use-orchestrations";

const CountersChart = lazy(() => import("./counters-chart-canvas"));
const PAGE = 20;

/** Counters per agent (chart + table) and every routing decision, filtered by agent and method, in pages. */
export function DecisionsPanel({ orchestrationId, members }: { orchestrationId: string; members: OrchestrationMember[] }) {
  const [agentId, setAgentId] = useState("");
  const [method, setMethod] = useState<RoutingMethod | "">("");
  // Keyset pages: the cursors of the pages already seen, so "Anterior" goes back.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const counters = useQuery(trpc.orchestrations.counters.queryOptions({ id: orchestrationId }));
  const decisions = useQuery(
    trpc.orchestrations.decisions.queryOptions({ id: orchestrationId, cursor, limit: PAGE, agentId: agentId || undefined, method: method || undefined }, { placeholderData: keepPreviousData }),
  );
  const reset = () => setCursors([null]);
  const names = { ...(counters.data?.agentNames ?? {}), ...(decisions.data?.agentNames ?? {}) };
  const nameOf = (id: string | null) => (id === null ? "Pessoa" : (names[id] ?? members.find((m) => m.agentId === id)?.name ?? "Agente removido"));
  const rows = counters.data?.rows ?? [];
  return (
    <section aria-labelledby="decisions-title" className="flex flex-col gap-3">
      <h2 id="decisions-title" className="font-semibold">
        Decisões do roteador
      </h2>
      {rows.length > 0 && (
        <div className="h-64 rounded-box border border-base-300 bg-base-100 p-3">
          <Suspense fallback={<span role="status" className="loading loading-spinner" aria-label="Carregando gráfico" />}>
            <CountersChart rows={rows} names={names} />
          </Suspense>
        </div>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs" htmlFor="decisions-agent">
          <span className="font-medium">Agente escolhido</span>
          <select
            id="decisions-agent"
            className="select select-sm"
            value={agentId}
            onChange={(e) => {
              setAgentId(e.target.value);
              reset();
            }}
          >
            <option value="">Todos</option>
            {members.map((m) => (
              <option key={m.agentId} value={m.agentId}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs" htmlFor="decisions-method">
          <span className="font-medium">Método</span>
          <select
            id="decisions-method"
            className="select select-sm"
            value={method}
            onChange={(e) => {
              setMethod(ROUTING_METHODS.find((m) => m === e.target.value) ?? "");
              reset();
            }}
          >
            <option value="">Todos</option>
            {ROUTING_METHODS.map((m) => (
              <option key={m} value={m}>
                {ROUTING_METHOD_LABEL[m]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {decisions.isPending ? (
        <span role="status" className="loading loading-spinner" aria-label="Carregando decisões" />
      ) : decisions.isError ? (
        <div role="alert" className="alert alert-error">
          {trpcErrorMessage(decisions.error, "Não foi possível carregar as decisões.")}
        </div>
      ) : !decisions.data?.items.length ? (
        <p className="rounded-box border border-base-300 border-dashed p-6 text-center text-base-content/70 text-sm">Nenhuma decisão registrada{agentId || method ? " com estes filtros" : " ainda"}.</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table-sm table">
            <caption className="sr-only">Decisões do roteador</caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Conversa</th>
                <th scope="col">De → Para</th>
                <th scope="col">Método</th>
                <th scope="col">Confiança</th>
                <th scope="col">Motivo</th>
              </tr>
            </thead>
            <tbody>
              {decisions.data.items.map((d) => (
                <tr key={d.id}>
                  <td className="whitespace-nowrap">{formatDateTime(d.createdAt)}</td>
                  <td>
                    <Link href={`/conversations?c=${d.conversationId}`} className="link link-hover">
                      Abrir ({ROUTING_CHANNEL_LABEL[routingChannelOf(d.channel)]})
                    </Link>
                  </td>
                  <td>
                    {d.fromAgentId ? nameOf(d.fromAgentId) : "—"} → {nameOf(d.chosenAgentId)}
                  </td>
                  <td>{ROUTING_METHOD_LABEL[d.method as RoutingMethod] ?? d.method}</td>
                  <td className="tabular-nums">{d.confidence === null ? "—" : `${formatNumber(Math.round(d.confidence * 100))}%`}</td>
                  <td className="max-w-xs">{d.reason || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(cursors.length > 1 || decisions.data?.nextCursor) && (
        <nav aria-label="Páginas de decisões" className="join">
          <button type="button" className="btn btn-sm join-item" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            Anterior
          </button>
          <span className="btn btn-sm join-item pointer-events-none">Página {cursors.length}</span>
          <button type="button" className="btn btn-sm join-item" disabled={!decisions.data?.nextCursor} onClick={() => decisions.data?.nextCursor && setCursors((c) => [...c, decisions.data?.nextCursor ?? null])}>
            Próxima
          </button>
        </nav>
      )}
    </section>
  );
}
