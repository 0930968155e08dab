import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { contactListFields } from "../../../../../src/schemas/crm/contact-actions";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Dialog } from "../../../../components/ui/dialog";
import { TextInput } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { type FieldErrors, fieldErrors, serverFieldError } from "../../../../lib/form-errors";
import { formatDate, formatNumber } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { type ContactList, useContactLists, useRefreshContacts } from "../hooks/use-contacts";

/** "Listas": named sets of contacts for later campaigns; opening one filters the contacts tab. */
export function ContactListsPanel({ canWrite, onOpen }: { canWrite: boolean; onOpen: (l: ContactList) => void }) {
  const lists = useContactLists();
  const [editing, setEditing] = useState<ContactList | "new" | null>(null);
  const [deleting, setDeleting] = useState<ContactList | null>(null);
  const toast = useToast();
  const refresh = useRefreshContacts();
  const remove = useMutation(
    trpc.contacts.lists.delete.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Lista excluída" });
        setDeleting(null);
        await refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível excluir a lista", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <p className="text-base-content/70 text-sm">Listas guardam contatos para campanhas. Adicione contatos pela seleção na aba Contatos.</p>
        {canWrite && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing("new")}>
            Nova lista
          </button>
        )}
      </div>
      {lists.isPending ? (
        <span role="status" className="loading loading-spinner" aria-label="Carregando listas" />
      ) : !lists.data?.length ? (
        <div className="rounded-box border border-base-300 border-dashed p-8 text-center text-base-content/70 text-sm">Nenhuma lista criada ainda.</div>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table-sm table">
            <caption className="sr-only">Listas de contatos</caption>
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Contatos</th>
                <th scope="col">Criada em</th>
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lists.data.map((l) => (
                <tr key={l.id}>
                  <td>
                    <button type="button" className="link link-hover font-medium" onClick={() => onOpen(l)}>
                      {l.name}
                    </button>
                    {l.description && <p className="text-base-content/60 text-xs">{l.description}</p>}
                  </td>
                  <td className="tabular-nums">{formatNumber(l.members)}</td>
                  <td>{formatDate(l.createdAt)}</td>
                  <td className="text-right">
                    {canWrite && (
                      <>
                        <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(l)} aria-label={`Renomear ${l.name}`}>
                          Renomear
                        </button>
                        <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setDeleting(l)} aria-label={`Excluir ${l.name}`}>
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
      {editing && <ListDialog list={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Excluir lista"
        description={
          <>
            A lista <strong>{deleting?.name}</strong> será excluída. Os contatos dela continuam cadastrados.
          </>
        }
        confirmLabel="Excluir lista"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}

function ListDialog({ list, onClose }: { list: ContactList | null; onClose: () => void }) {
  const [name, setName] = useState(list?.name ?? "");
  const [description, setDescription] = useState(list?.description ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const toast = useToast();
  const refresh = useRefreshContacts();
  const opts = {
    onSuccess: async () => {
      toast({ title: list ? "Lista renomeada" : "Lista criada" });
      await refresh();
      onClose();
    },
    onError: (e: unknown) => {
      const f = serverFieldError(e);
      if (f) setErrors({ [f.field]: f.message });
      else toast({ variant: "destructive", title: "Não foi possível salvar a lista", description: trpcErrorMessage(e, "Tente novamente.") });
    },
  };
  const create = useMutation(trpc.contacts.lists.create.mutationOptions(opts));
  const rename = useMutation(trpc.contacts.lists.rename.mutationOptions(opts));
  const pending = create.isPending || rename.isPending;
  function submit() {
    const parsed = contactListFields.safeParse({ name, description });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    if (list) rename.mutate({ id: list.id, name, description });
    else create.mutate({ name, description });
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={list ? "Renomear lista" : "Nova lista"}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
            Cancelar
          </button>
          <button type="submit" form="contact-list-form" className="btn btn-primary" disabled={pending}>
            {pending && <ButtonSpinner />}
            Salvar
          </button>
        </>
      }
    >
      <form
        id="contact-list-form"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextInput label="Nome da lista" value={name} onChange={setName} error={errors.name} max={100} autoFocus />
        <TextInput label="Descrição (opcional)" value={description} onChange={setDescription} error={errors.description} max={500} />
      </form>
    </Dialog>
  );
}
