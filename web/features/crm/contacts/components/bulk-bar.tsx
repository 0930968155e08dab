import { useState } from "react";
import { CONTACT_STATUS_LABEL, type ContactStatus, contactStatuses } from "../../../../../src/schemas/crm/contacts";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Dialog } from "../../../../components/ui/dialog";
import { TagInput } from "../../../../components/ui/tag-input";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { type BulkAction, useBulkContacts, useContactLists } from "../hooks/use-contacts";

type Mode = null | "tag" | "untag" | "status" | "list" | "delete";

/** Actions over the chosen contacts; each asks first (deleting in a confirmation dialog). */
export function BulkBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const [mode, setMode] = useState<Mode>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [status, setStatus] = useState<ContactStatus>("customer");
  const [listId, setListId] = useState("");
  const lists = useContactLists();
  const bulk = useBulkContacts();
  const n = ids.length;
  const run = (action: BulkAction) =>
    bulk.mutate(
      { ids, action },
      {
        onSuccess: () => {
          setMode(null);
          setTags([]);
          onDone();
        },
      },
    );
  const close = () => setMode(null);
  const footer = (label: string, action: BulkAction | null) => (
    <>
      <button type="button" className="btn btn-ghost" onClick={close} disabled={bulk.isPending}>
        Cancelar
      </button>
      <button type="button" className="btn btn-primary" disabled={bulk.isPending || !action} onClick={() => action && run(action)}>
        {bulk.isPending && <ButtonSpinner />}
        {label}
      </button>
    </>
  );
  const what = n === 1 ? "1 contato selecionado" : `${n} contatos selecionados`;
  return (
    <section aria-label="Ações em massa" className="flex flex-wrap items-center gap-2 rounded-box border border-primary/30 bg-primary/5 px-3 py-2">
      <span className="font-medium text-sm" aria-live="polite">
        {what}
      </span>
      <button type="button" className="btn btn-sm" onClick={() => setMode("tag")}>
        Etiquetar
      </button>
      <button type="button" className="btn btn-sm" onClick={() => setMode("untag")}>
        Remover etiqueta
      </button>
      <button type="button" className="btn btn-sm" onClick={() => setMode("status")}>
        Mudar status
      </button>
      <button type="button" className="btn btn-sm" onClick={() => setMode("list")}>
        Adicionar à lista
      </button>
      <button type="button" className="btn btn-sm btn-error btn-outline" onClick={() => setMode("delete")}>
        Excluir
      </button>
      <button type="button" className="btn btn-ghost btn-sm ml-auto" onClick={onDone}>
        Limpar seleção
      </button>

      <Dialog open={mode === "tag" || mode === "untag"} onClose={close} title={mode === "tag" ? "Etiquetar contatos" : "Remover etiquetas"} description={what} actions={footer(mode === "tag" ? "Aplicar etiquetas" : "Remover etiquetas", tags.length ? { type: mode === "tag" ? "addTags" : "removeTags", tags } : null)}>
        <TagInput label="Etiquetas" values={tags} onChange={setTags} max={30} placeholder="Digite e tecle Enter" />
      </Dialog>
      <Dialog open={mode === "status"} onClose={close} title="Mudar status" description={what} actions={footer("Mudar status", { type: "setStatus", status })}>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Novo status</span>
          <select className="select w-full" value={status} onChange={(e) => setStatus(e.target.value as ContactStatus)}>
            {contactStatuses.map((s) => (
              <option key={s} value={s}>
                {CONTACT_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
      </Dialog>
      <Dialog open={mode === "list"} onClose={close} title="Adicionar à lista" description={what} actions={footer("Adicionar", listId ? { type: "addToList", listId } : null)}>
        {lists.data?.length ? (
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">Lista</span>
            <select className="select w-full" value={listId} onChange={(e) => setListId(e.target.value)}>
              <option value="">Escolha uma lista</option>
              {lists.data.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name} ({l.members})
                </option>
              ))}
            </select>
          </label>
        ) : (
          <p className="text-sm">Nenhuma lista ainda. Crie uma na aba "Listas".</p>
        )}
      </Dialog>
      <ConfirmDialog
        open={mode === "delete"}
        title="Excluir contatos"
        description={
          <>
            <strong>{what}</strong> serão excluídos com suas variáveis e listas. Os negócios ficam no funil, sem contato. Esta ação não pode ser desfeita.
          </>
        }
        confirmLabel={n === 1 ? "Excluir contato" : `Excluir ${n} contatos`}
        pending={bulk.isPending}
        onCancel={close}
        onConfirm={() => run({ type: "delete" })}
      />
    </section>
  );
}
