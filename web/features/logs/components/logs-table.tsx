import { ACTIVITY_CATEGORY_LABEL, type ActivityCategoryKey, activityTitle } from "../../../../src/schemas/activity";
import { formatDateTime } from "../../../lib/format";
import type { LogItem } from "../hooks/use-logs";

type Props = { items: LogItem[]; showPerson: boolean; onOpen: (id: string) => void };

/** The lines as a table, newest first; each opens its detail (old → new values). */
export function LogsTable({ items, showPerson, onOpen }: Props) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table-sm table">
        <caption className="sr-only">Atividades</caption>
        <thead>
          <tr>
            <th scope="col">Data e hora</th>
            {showPerson && <th scope="col">Pessoa</th>}
            <th scope="col">Categoria</th>
            <th scope="col">Atividade</th>
            <th scope="col">Agente</th>
            <th scope="col">
              <span className="sr-only">Detalhes</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((l) => {
            const title = activityTitle(l.action, l.description);
            return (
              <tr key={l.id}>
                <td className="whitespace-nowrap tabular-nums">{formatDateTime(l.createdAt)}</td>
                {showPerson && <td className="max-w-48 truncate">{l.userName ?? "Sistema"}</td>}
                <td>
                  <span className="badge badge-sm badge-soft badge-primary whitespace-nowrap">{ACTIVITY_CATEGORY_LABEL[l.category as ActivityCategoryKey] ?? l.category}</span>
                </td>
                <td className="min-w-64">
                  <div className="font-medium">{title}</div>
                  {l.description && l.description !== title && <div className="text-base-content/70 text-xs">{l.description}</div>}
                </td>
                <td className="max-w-48 truncate">{l.agentName ?? "—"}</td>
                <td className="text-right">
                  <button type="button" className="btn btn-ghost btn-xs" onClick={() => onOpen(l.id)}>
                    {l.hasChanges ? "Ver alterações" : "Detalhes"}
                    <span className="sr-only">: {title}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
