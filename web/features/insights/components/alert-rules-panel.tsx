import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ALERT_RULE_KIND_LABEL } from "../../../../src/schemas/insights-api";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useToast } from "../../../components/ui/toast";
import { formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { useInsightsPermissions, useRefreshInsights } from "../hooks/use-insights";
import { AlertRuleDialog, type RuleRow } from "./alert-rule-dialog";

function conditionOf(r: RuleRow): string {
  if (r.kind === "consecutive_negative") return `${formatNumber(r.threshold)} negativas seguidas`;
  if (r.kind === "low_satisfaction") return `Satisfação abaixo de ${formatNumber(Math.round(r.threshold * 100))}%`;
  if (r.kind === "keyword") return r.keywords.join(", ");
  return "Mensagem com urgência alta";
}

/** The workspace's alert rules (the 3 defaults are created on first use); editing needs the agents-edit flag. */
export function AlertRulesPanel({ agents }: { agents: { id: string; name: string }[] }) {
  const rules = useQuery(trpc.insights.alertRules.list.queryOptions());
  const { canEditRules } = useInsightsPermissions();
  const [editing, setEditing] = useState<RuleRow | "new" | null>(null);
  const [deleting, setDeleting] = useState<RuleRow | null>(null);
  const refresh = useRefreshInsights();
  const toast = useToast();
  const remove = useMutation(
    trpc.insights.alertRules.delete.mutationOptions({
      onSuccess: () => {
        toast({ title: "Regra excluída" });
        setDeleting(null);
        void refresh();
      },
      onError: (e) => toast({ title: trpcErrorMessage(e, "Não foi possível excluir a regra."), variant: "destructive" }),
    }),
  );
  const nameOf = (id: string | null | undefined) => (id ? (agents.find((a) => a.id === id)?.name ?? "Agente removido") : "Todos");
  return (
    <section aria-labelledby="rules-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="rules-title" className="font-semibold">
          Regras de alerta
        </h2>
        {canEditRules && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing("new")}>
            Nova regra
          </button>
        )}
      </div>
      {rules.isPending ? (
        <span role="status" className="loading loading-spinner" aria-label="Carregando regras" />
      ) : rules.isError ? (
        <div role="alert" className="alert alert-error">
          {trpcErrorMessage(rules.error, "Não foi possível carregar as regras.")}
        </div>
      ) : rules.data.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed p-6 text-center text-base-content/70 text-sm">Nenhuma regra de alerta.</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table-sm table">
            <caption className="sr-only">Regras de alerta</caption>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Tipo</th>
                <th scope="col">Condição</th>
                <th scope="col">Agente</th>
                <th scope="col">Intervalo</th>
                <th scope="col">Ações ao disparar</th>
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.data.map((r) => (
                <tr key={r.id} className={r.isActive ? "" : "opacity-60"}>
                  <td>
                    {r.name}
                    {!r.isActive && <span className="badge badge-ghost badge-sm ml-1">Inativa</span>}
                  </td>
                  <td>{ALERT_RULE_KIND_LABEL[r.kind]}</td>
                  <td>{conditionOf(r)}</td>
                  <td>{nameOf(r.agentId)}</td>
                  <td className="tabular-nums">{formatNumber(r.cooldownMinutes)} min</td>
                  <td>{[r.triggerHandoff ? "Transferir para pessoa" : null, r.notifyEmail ? "E-mail" : null].filter(Boolean).join(", ") || "Só registrar"}</td>
                  <td className="whitespace-nowrap text-right">
                    {canEditRules && (
                      <>
                        <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(r)} aria-label={`Editar a regra ${r.name}`}>
                          Editar
                        </button>
                        <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setDeleting(r)} aria-label={`Excluir a regra ${r.name}`}>
                          Excluir
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && <AlertRuleDialog rule={editing === "new" ? null : editing} agents={agents} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir regra de alerta"
        description={`A regra "${deleting?.name ?? ""}" deixa de disparar. Os alertas já registrados por ela também são excluídos.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
