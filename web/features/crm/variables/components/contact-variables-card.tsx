import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { VARIABLE_SOURCE_LABEL, isContactVariable } from "../../../../../src/schemas/crm/variables";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { formatDateTime } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { useCanWriteCrm } from "../../funnel/hooks/use-deal";
import { type ContactVariable, useContactVariables, useRefreshContactVariables, useVariableDefinitions } from "../hooks/use-variables";

const percent = (n: number) => `${Math.round(n * 100)}%`;

/** One contact's variables with where each value came from; a person's edit becomes manual. */
export function ContactVariablesCard({ contactId }: { contactId: string }) {
  const vars = useContactVariables(contactId);
  const canWrite = useCanWriteCrm();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ContactVariable | null>(null);
  const toast = useToast();
  const refresh = useRefreshContactVariables(contactId);
  const remove = useMutation(
    trpc.variables.contact.delete.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Valor removido" });
        setDeleting(null);
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível remover o valor", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  return (
    <section aria-labelledby="contact-variables-title" className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="contact-variables-title" className="font-semibold">
          Variáveis
        </h2>
        {canWrite && !adding && (
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setAdding(true)}>
            Adicionar valor
          </button>
        )}
      </div>
      {adding && <AddValue contactId={contactId} taken={new Set((vars.data ?? []).map((v) => v.variableName))} onDone={() => setAdding(false)} />}
      {vars.isPending ? (
        <span role="status" className="loading loading-spinner loading-sm" aria-label="Carregando variáveis" />
      ) : vars.isError ? (
        <p role="alert" className="text-error text-sm">
          Não foi possível carregar as variáveis.
        </p>
      ) : !vars.data.length ? (
        <p className="text-base-content/60 text-sm">Nenhuma variável ainda. A IA preenche o que o cliente contar nas conversas.</p>
      ) : (
        <ul className="divide-y divide-base-200">
          {vars.data.map((v) => (
            <li key={v.variableName} className="py-2">
              {editing === v.variableName ? (
                <EditValue contactId={contactId} variable={v} onDone={() => setEditing(null)} />
              ) : (
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="text-base-content/60 text-xs">
                      {v.displayName} <code>{`{{${v.variableName}}}`}</code>
                    </p>
                    <p className="break-words text-sm">{v.value}</p>
                    <p className="text-base-content/60 text-xs">
                      <span className={`badge badge-xs ${v.source === "manual" ? "badge-primary" : "badge-ghost"}`}>{VARIABLE_SOURCE_LABEL[v.source]}</span>{" "}
                      <span>Confiança {percent(v.confidenceScore)}</span> · <span>{formatDateTime(v.updatedAt)}</span>
                    </p>
                  </div>
                  {canWrite && (
                    <div className="flex shrink-0 gap-1">
                      <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(v.variableName)} aria-label={`Editar ${v.displayName}`}>
                        Editar
                      </button>
                      {v.variableName !== "nome" && (
                        <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setDeleting(v)} aria-label={`Remover ${v.displayName}`}>
                          Remover
                        </button>
                      )}
                    </div>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Remover valor"
        description={
          <>
            O valor de <strong>{deleting?.displayName}</strong> ({deleting?.value}) será removido deste contato
            {deleting && isContactVariable(deleting.variableName) ? ", e o campo do contato fica vazio" : ""}.
          </>
        }
        confirmLabel="Remover"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ contactId, variableName: deleting.variableName })}
      />
    </section>
  );
}

function useSetValue(contactId: string, onDone: () => void, setError: (m: string) => void) {
  const toast = useToast();
  const refresh = useRefreshContactVariables(contactId);
  return useMutation(
    trpc.variables.contact.set.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Valor salvo" });
        await refresh();
        onDone();
      },
      onError: (e) => setError(trpcErrorMessage(e, "Não foi possível salvar o valor.")),
    }),
  );
}

/** Inline edit: Enter saves, Esc cancels; the saved value is manual (the agent will not overwrite it). */
function EditValue({ contactId, variable, onDone }: { contactId: string; variable: ContactVariable; onDone: () => void }) {
  const [value, setValue] = useState(variable.value);
  const [error, setError] = useState("");
  const save = useSetValue(contactId, onDone, setError);
  const id = `var-${variable.variableName}`;
  return (
    <form
      noValidate
      className="flex flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        if (!value.trim()) return setError("Valor é obrigatório");
        save.mutate({ contactId, variableName: variable.variableName, value });
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          e.stopPropagation();
          onDone();
        }
      }}
    >
      <label htmlFor={id} className="text-base-content/60 text-xs">
        {variable.displayName}
      </label>
      <div className="flex gap-1">
        <input
          id={id}
          className={`input input-sm w-full ${error ? "input-error" : ""}`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-err` : undefined}
          autoFocus
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
          {save.isPending && <ButtonSpinner />}
          Salvar
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancelar
        </button>
      </div>
      {error && (
        <p id={`${id}-err`} role="alert" className="text-error text-xs">
          {error}
        </p>
      )}
    </form>
  );
}

/** A value for a variable the contact has none of yet (computed ones — data, hora… — cannot be set). */
function AddValue({ contactId, taken, onDone }: { contactId: string; taken: Set<string>; onDone: () => void }) {
  const defs = useVariableDefinitions();
  const options = (defs.data ?? []).filter((d) => (!d.isSystem || isContactVariable(d.name)) && !taken.has(d.name));
  const [name, setName] = useState("");
  const [value, setValue] = useState("");
  const [error, setError] = useState("");
  const save = useSetValue(contactId, onDone, setError);
  const chosen = name || options[0]?.name || "";
  return (
    <form
      noValidate
      className="mb-2 flex flex-col gap-2 rounded-box bg-base-200 p-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!chosen) return setError("Escolha uma variável");
        if (!value.trim()) return setError("Valor é obrigatório");
        save.mutate({ contactId, variableName: chosen, value });
      }}
    >
      <label className="flex flex-col gap-1 text-xs">
        <span>Variável</span>
        <select className="select select-sm w-full" value={chosen} onChange={(e) => setName(e.target.value)}>
          {options.map((d) => (
            <option key={d.name} value={d.name}>
              {d.displayName} ({`{{${d.name}}}`})
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs">
        <span>Valor</span>
        <input className={`input input-sm w-full ${error ? "input-error" : ""}`} value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={Boolean(error)} />
      </label>
      {error && (
        <p role="alert" className="text-error text-xs">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-1">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
          {save.isPending && <ButtonSpinner />}
          Salvar
        </button>
      </div>
    </form>
  );
}
