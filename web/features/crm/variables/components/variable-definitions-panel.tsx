import { useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { VARIABLE_CATEGORY_LABEL, VARIABLE_DATA_TYPE_LABEL, type VariableCategory, variableCategories } from "../../../../../src/schemas/crm/variables";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { useCanWriteCrm } from "../../funnel/hooks/use-deal";
import { type VariableDefinition, useRefreshVariables, useVariableDefinitions } from "../hooks/use-variables";
import { VariableDefinitionDialog } from "./variable-definition-dialog";

type Filter = "todas" | "sistema" | "personalizadas" | VariableCategory;

/** The workspace's variables (system and custom): what `{{nome}}` and friends can be, and where they come from. */
export function VariableDefinitionsPanel() {
  const defs = useVariableDefinitions();
  const canWrite = useCanWriteCrm();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<Filter>("todas");
  const [editing, setEditing] = useState<VariableDefinition | "new" | null>(null);
  const [deleting, setDeleting] = useState<VariableDefinition | null>(null);
  const toast = useToast();
  const refresh = useRefreshVariables();
  const remove = useMutation(
    trpc.variables.definitions.delete.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Variável excluída" });
        setDeleting(null);
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível excluir a variável", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (defs.data ?? []).filter((d) => {
      if (filter === "sistema" && !d.isSystem) return false;
      if (filter === "personalizadas" && d.isSystem) return false;
      if (filter !== "todas" && filter !== "sistema" && filter !== "personalizadas" && d.category !== filter) return false;
      return !q || d.name.includes(q) || d.displayName.toLowerCase().includes(q);
    });
  }, [defs.data, search, filter]);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-3xl text-base-content/70 text-sm">
          Use as variáveis entre chaves duplas, como <code>{"{{nome}}"}</code> ou <code>{"{{saudacao}}"}</code>, na saudação e nos follow-ups do agente (e, em breve, nas
          campanhas). Sem valor, vale o valor padrão. A IA preenche as variáveis do contato durante as conversas, sem sobrescrever o que a equipe digitou.
        </p>
        {canWrite && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing("new")}>
            Nova variável
          </button>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <label className="input input-sm w-full sm:w-64">
          <span className="sr-only">Buscar variável</span>
          <input type="search" placeholder="Buscar variável" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span>Mostrar</span>
          <select className="select select-sm" value={filter} onChange={(e) => setFilter(e.target.value as Filter)}>
            <option value="todas">Todas</option>
            <option value="sistema">Do sistema</option>
            <option value="personalizadas">Personalizadas</option>
            {variableCategories.map((c) => (
              <option key={c} value={c}>
                Categoria: {VARIABLE_CATEGORY_LABEL[c]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {defs.isPending ? (
        <span role="status" className="loading loading-spinner" aria-label="Carregando variáveis" />
      ) : defs.isError ? (
        <div role="alert" className="alert alert-error text-sm">
          Não foi possível carregar as variáveis. {trpcErrorMessage(defs.error, "")}
        </div>
      ) : !rows.length ? (
        <div className="rounded-box border border-base-300 border-dashed p-8 text-center text-base-content/70 text-sm">Nenhuma variável encontrada.</div>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table-sm table">
            <caption className="sr-only">Variáveis do workspace</caption>
            <thead>
              <tr>
                <th scope="col">Variável</th>
                <th scope="col">Nome de exibição</th>
                <th scope="col">Categoria</th>
                <th scope="col">Tipo</th>
                <th scope="col">Valor padrão</th>
                <th scope="col">IA extrai</th>
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.name}>
                  <td className="whitespace-nowrap">
                    <code className="text-sm">{`{{${d.name}}}`}</code>
                    {d.isSystem && <span className="badge badge-ghost badge-sm ml-2">Sistema</span>}
                  </td>
                  <td>
                    {d.displayName}
                    {d.description && <p className="text-base-content/60 text-xs">{d.description}</p>}
                  </td>
                  <td>{VARIABLE_CATEGORY_LABEL[d.category]}</td>
                  <td>{VARIABLE_DATA_TYPE_LABEL[d.dataType]}</td>
                  <td>{d.defaultValue ?? <span className="text-base-content/50">—</span>}</td>
                  <td>{d.extractable ? "Sim" : "Não"}</td>
                  <td className="whitespace-nowrap text-right">
                    {canWrite && !d.isSystem && (
                      <>
                        <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(d)} aria-label={`Editar ${d.name}`}>
                          Editar
                        </button>
                        <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setDeleting(d)} aria-label={`Excluir ${d.name}`}>
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
      {editing && <VariableDefinitionDialog definition={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir variável"
        description={
          <>
            A variável <strong>{`{{${deleting?.name ?? ""}}}`}</strong> será excluída. Os valores já salvos nos contatos continuam lá, mas a IA deixa de procurá-la e as
            mensagens que a usam ficam sem ela.
          </>
        }
        confirmLabel="Excluir variável"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting?.id && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}
