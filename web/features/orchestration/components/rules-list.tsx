import type { OrchestrationMember, OrchestrationRule } from "../hooks/use-orchestrations";
import { rulesSummary } from "./condition-editor";

/** The graph's rules as a table: the keyboard-accessible way to read and open each one. */
export function RulesList({ rules, members, canEdit, onOpen }: { rules: OrchestrationRule[]; members: OrchestrationMember[]; canEdit: boolean; onOpen: (r: OrchestrationRule) => void }) {
  const name = (id: string) => members.find((m) => m.agentId === id)?.name ?? "Agente removido";
  if (rules.length === 0) {
    return <p className="rounded-box border border-base-300 border-dashed p-6 text-center text-base-content/70 text-sm">Nenhuma regra ainda. Ligue dois agentes no grafo ou use "Nova regra".</p>;
  }
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table-sm table">
        <caption className="sr-only">Regras de encaminhamento</caption>
        <thead>
          <tr>
            <th scope="col">De</th>
            <th scope="col">Para</th>
            <th scope="col">Prioridade</th>
            <th scope="col">Condições</th>
            <th scope="col">Situação</th>
            <th scope="col">
              <span className="sr-only">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rules.map((r) => (
            <tr key={r.id}>
              <td>{name(r.fromAgentId)}</td>
              <td>{name(r.toAgentId)}</td>
              <td className="tabular-nums">{r.priority}</td>
              <td>
                {rulesSummary(r.conditions, r.conditionMode)}
                {r.description && <p className="text-base-content/70 text-xs">{r.description}</p>}
              </td>
              <td>{r.isActive ? "Ativa" : "Inativa"}</td>
              <td className="text-right">
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => onOpen(r)} aria-label={`${canEdit ? "Editar" : "Ver"} regra de ${name(r.fromAgentId)} para ${name(r.toAgentId)}`}>
                  {canEdit ? "Editar" : "Ver"}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
