import { type FormEvent, useId, useState } from "react";
import { MEMORY_CATEGORIES, MEMORY_CATEGORY_LABEL, MEMORY_SOURCE_LABEL, type MemoryCategory, createMemoryInput } from "../../../../src/schemas/memory";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { trpcErrorMessage } from "../../../lib/trpc";
import { useContactMemories, useMemoryWrites } from "../hooks/use-memory";

type Memory = { id: string; fact: string; category: string; source: "extracted" | "manual"; updatedAt: number };
const categoryLabel = (c: string) => MEMORY_CATEGORY_LABEL[c as MemoryCategory] ?? c;

/** "Memória do cliente" on the contact page: what the agents remember of this customer, on any channel. */
export function ContactMemorySection({ contactId, canWrite }: { contactId: string; canWrite: boolean }) {
  const q = useContactMemories(contactId);
  const headingId = useId();
  const [deleting, setDeleting] = useState<Memory | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const writes = useMemoryWrites(setError);
  const startEdit = (id: string | null) => {
    setEditing(id);
    setError(null);
  };
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id={headingId} className="mb-1 font-semibold">
        Memória do cliente
      </h2>
      <p className="mb-3 text-base-content/70 text-sm">Fatos que o cliente contou, lembrados pelos agentes em qualquer canal.</p>
      {q.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : q.isError ? (
        <p role="alert" className="text-error text-sm">
          {trpcErrorMessage(q.error, "Não foi possível carregar a memória.")}
        </p>
      ) : q.data.length ? (
        <ul className="flex flex-col divide-y divide-base-200">
          {q.data.map((m) =>
            editing === m.id ? (
              <li key={m.id} className="py-2">
                <MemoryForm
                  initial={{ fact: m.fact, category: m.category as MemoryCategory }}
                  pending={writes.update.isPending}
                  error={error}
                  submitLabel="Salvar"
                  onCancel={() => startEdit(null)}
                  onSubmit={(v) => writes.update.mutate({ id: m.id, ...v }, { onSuccess: () => setEditing(null) })}
                />
              </li>
            ) : (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <div className="min-w-0">
                  <p className="break-words font-medium">{m.fact}</p>
                  <p className="text-base-content/70 text-xs">
                    {categoryLabel(m.category)} · {formatDateTime(m.updatedAt)}{" "}
                    <span className={`badge badge-xs ${m.source === "manual" ? "badge-neutral" : "badge-info badge-soft"}`}>{MEMORY_SOURCE_LABEL[m.source]}</span>
                  </p>
                </div>
                {canWrite && (
                  <div className="flex gap-1">
                    <button type="button" className="btn btn-ghost btn-xs" aria-label={`Editar: ${m.fact}`} onClick={() => startEdit(m.id)}>
                      Editar
                    </button>
                    <button type="button" className="btn btn-ghost btn-xs text-error" aria-label={`Excluir: ${m.fact}`} onClick={() => setDeleting(m)}>
                      Excluir
                    </button>
                  </div>
                )}
              </li>
            ),
          )}
        </ul>
      ) : (
        <p className="text-base-content/70 text-sm">Nada lembrado ainda. Os fatos aparecem aqui quando o cliente conta algo duradouro (ex.: “tem dois cachorros”).</p>
      )}
      {canWrite && editing === null && (
        <div className="mt-3 border-base-200 border-t pt-3">
          <MemoryForm
            key={q.data?.length ?? 0}
            initial={{ fact: "", category: "geral" }}
            pending={writes.create.isPending}
            error={error}
            submitLabel="Adicionar"
            onSubmit={(v) => writes.create.mutate({ contactId, ...v })}
          />
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir memória"
        description={
          <>
            Os agentes deixarão de lembrar: <strong>{deleting?.fact}</strong>. Esta ação não pode ser desfeita.
          </>
        }
        confirmLabel="Excluir memória"
        pending={writes.remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && writes.remove.mutate({ id: deleting.id }, { onSuccess: () => setDeleting(null) })}
      />
    </section>
  );
}

type FormValues = { fact: string; category: MemoryCategory };

function MemoryForm(p: { initial: FormValues; pending: boolean; error: string | null; submitLabel: string; onSubmit: (v: FormValues) => void; onCancel?: () => void }) {
  const [values, setValues] = useState(p.initial);
  const [local, setLocal] = useState<string | null>(null);
  const factId = useId();
  const catId = useId();
  const errId = useId();
  const message = local ?? p.error;
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = createMemoryInput.pick({ fact: true, category: true }).safeParse(values);
    if (!parsed.success) return setLocal(parsed.error.issues[0]?.message ?? "Verifique o fato.");
    setLocal(null);
    p.onSubmit({ fact: parsed.data.fact, category: parsed.data.category });
  }
  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-2">
      <div className="flex min-w-48 flex-1 flex-col">
        <label htmlFor={factId} className="sr-only">
          Fato
        </label>
        <input
          id={factId}
          className={`input input-sm w-full ${message ? "input-error" : ""}`}
          placeholder="Ex.: prefere entrega à tarde"
          maxLength={300}
          value={values.fact}
          aria-invalid={Boolean(message)}
          aria-describedby={message ? errId : undefined}
          onChange={(e) => setValues({ ...values, fact: e.target.value })}
        />
        {message && (
          <p id={errId} className="mt-1 text-error text-xs">
            {message}
          </p>
        )}
      </div>
      <label htmlFor={catId} className="sr-only">
        Categoria
      </label>
      <select id={catId} className="select select-sm w-40" value={values.category} onChange={(e) => setValues({ ...values, category: e.target.value as MemoryCategory })}>
        {MEMORY_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {MEMORY_CATEGORY_LABEL[c]}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-primary btn-sm" disabled={p.pending}>
        {p.pending && <ButtonSpinner />}
        {p.submitLabel}
      </button>
      {p.onCancel && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={p.onCancel}>
          Cancelar
        </button>
      )}
    </form>
  );
}
