import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { ALERT_RULE_KIND_LABEL, ALERT_STATUS_LABEL, type AlertRuleKind } from "../../../../src/schemas/insights-api";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { useInsightsPermissions, useRefreshInsights } from "../hooks/use-insights";

const PAGE = 20;

function detailOf(details: Record<string, unknown>): string {
  if (typeof details.keyword === "string") return `Palavra: "${details.keyword}"`;
  if (typeof details.count === "number") return `${details.count} mensagens negativas seguidas`;
  if (typeof details.satisfaction === "number") return `Satisfação ${Math.round(details.satisfaction * 100)}%`;
  if (details.urgency === "high") return "Urgência alta";
  return "—";
}

/** The alerts that fired, newest first, filtered by status and agent, in keyset pages; each can be acknowledged. */
export function AlertsPanel({ agents }: { agents: { id: string; name: string }[] }) {
  const [status, setStatus] = useState<"open" | "acknowledged" | "">("open");
  const [agentId, setAgentId] = useState("");
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const { canAnswer } = useInsightsPermissions();
  const refresh = useRefreshInsights();
  const toast = useToast();
  const alerts = useQuery(trpc.insights.alerts.queryOptions({ status: status || undefined, agentId: agentId || undefined, cursor, limit: PAGE }, { placeholderData: keepPreviousData }));
  const ack = useMutation(
    trpc.insights.acknowledgeAlert.mutationOptions({
      onSuccess: () => {
        toast({ title: "Alerta reconhecido" });
        void refresh();
      },
      onError: (e) => toast({ title: trpcErrorMessage(e, "Não foi possível reconhecer o alerta."), variant: "destructive" }),
    }),
  );
  const reset = () => setCursors([null]);
  return (
    <section aria-labelledby="alerts-title" className="flex flex-col gap-3">
      <h2 id="alerts-title" className="font-semibold">
        Alertas
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-xs" htmlFor="alerts-status">
          <span className="font-medium">Situação</span>
          <select
            id="alerts-status"
            className="select select-sm"
            value={status}
            onChange={(e) => {
              const v = e.target.value;
              setStatus(v === "open" || v === "acknowledged" ? v : "");
              reset();
            }}
          >
            <option value="">Todos</option>
            <option value="open">Abertos</option>
            <option value="acknowledged">Reconhecidos</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs" htmlFor="alerts-agent">
          <span className="font-medium">Agente</span>
          <select
            id="alerts-agent"
            className="select select-sm"
            value={agentId}
            onChange={(e) => {
              setAgentId(e.target.value);
              reset();
            }}
          >
            <option value="">Todos</option>
            {agents.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {alerts.isPending ? (
        <span role="status" className="loading loading-spinner" aria-label="Carregando alertas" />
      ) : alerts.isError ? (
        <div role="alert" className="alert alert-error">
          {trpcErrorMessage(alerts.error, "Não foi possível carregar os alertas.")}
        </div>
      ) : !alerts.data.items.length ? (
        <p className="rounded-box border border-base-300 border-dashed p-6 text-center text-base-content/70 text-sm">Nenhum alerta{status || agentId ? " com estes filtros" : " ainda"}.</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table-sm table">
            <caption className="sr-only">Alertas de sentimento</caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Regra</th>
                <th scope="col">Cliente</th>
                <th scope="col">Agente</th>
                <th scope="col">Detalhe</th>
                <th scope="col">Situação</th>
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {alerts.data.items.map((a) => (
                <tr key={a.id}>
                  <td className="whitespace-nowrap">{formatDateTime(a.createdAt)}</td>
                  <td>
                    {a.ruleName}
                    <span className="block text-base-content/60 text-xs">{ALERT_RULE_KIND_LABEL[a.kind as AlertRuleKind]}</span>
                  </td>
                  <td>
                    <Link href={`/conversations?c=${a.conversationId}`} className="link link-hover">
                      {a.clientName || a.contactKey}
                    </Link>
                    {a.handoffId && <span className="badge badge-warning badge-sm ml-1">Transferida</span>}
                  </td>
                  <td>{a.agentName ?? "—"}</td>
                  <td>{detailOf(a.details)}</td>
                  <td>
                    <span className={`badge badge-sm ${a.status === "open" ? "badge-error" : "badge-ghost"}`}>{ALERT_STATUS_LABEL[a.status]}</span>
                  </td>
                  <td className="text-right">
                    {a.status === "open" && canAnswer && (
                      <button type="button" className="btn btn-ghost btn-xs" disabled={ack.isPending} onClick={() => ack.mutate({ id: a.id })}>
                        Reconhecer
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-sm" disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Anterior
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={!alerts.data?.nextCursor}
          onClick={() => {
            const next = alerts.data?.nextCursor;
            if (next) setCursors((c) => [...c, next]);
          }}
        >
          Próxima
        </button>
      </div>
    </section>
  );
}
