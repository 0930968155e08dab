import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "wouter";
import { Dialog } from "../../../../components/ui/dialog";
import { TextInput } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { serverFieldError } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { useRefreshContacts } from "../hooks/use-contacts";

const fileName = (name: string) => `contato-${name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-zA-Z0-9]+/g, "-").toLowerCase()}.json`;

/** LGPD: download everything about the contact as JSON; erase it (owner only, typing its name). */
export function LgpdActions({ contact, canWrite, canErase }: { contact: { id: string; name: string }; canWrite: boolean; canErase: boolean }) {
  const qc = useQueryClient();
  const toast = useToast();
  const refresh = useRefreshContacts();
  const [, navigate] = useLocation();
  const [exporting, setExporting] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const erase = useMutation(
    trpc.contacts.erase.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Dados do contato apagados", description: "As conversas ficaram sem os dados pessoais." });
        await refresh();
        navigate("/contatos");
      },
      onError: (e) => {
        const f = serverFieldError(e);
        if (f) setError(f.message);
        else toast({ variant: "destructive", title: "Não foi possível apagar os dados", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  async function download() {
    setExporting(true);
    try {
      const data = await qc.fetchQuery(trpc.contacts.exportData.queryOptions({ id: contact.id }, { staleTime: 0 }));
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = fileName(contact.name);
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      toast({ variant: "destructive", title: "Não foi possível exportar os dados", description: trpcErrorMessage(e, "Tente novamente.") });
    } finally {
      setExporting(false);
    }
  }
  const matches = typed.trim().toLocaleLowerCase("pt-BR") === contact.name.trim().toLocaleLowerCase("pt-BR");
  return (
    <>
      {canWrite && (
        <button type="button" className="btn btn-sm" onClick={download} disabled={exporting}>
          {exporting && <ButtonSpinner />}
          Exportar dados (LGPD)
        </button>
      )}
      {canErase && (
        <button type="button" className="btn btn-sm btn-error btn-outline" onClick={() => setErasing(true)}>
          Apagar dados (LGPD)
        </button>
      )}
      <Dialog
        open={erasing}
        onClose={() => setErasing(false)}
        title="Apagar dados pessoais (LGPD)"
        description="O contato, suas variáveis e extrações serão excluídos; nas conversas, o nome, telefone e e-mail e o texto das mensagens do cliente serão apagados. Os negócios ficam, sem o contato. Esta ação não pode ser desfeita."
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setErasing(false)} disabled={erase.isPending}>
              Cancelar
            </button>
            <button type="button" className="btn btn-error" disabled={!matches || erase.isPending} onClick={() => erase.mutate({ id: contact.id, confirmName: typed })}>
              {erase.isPending && <ButtonSpinner />}
              Apagar definitivamente
            </button>
          </>
        }
      >
        <TextInput label={`Digite o nome do contato (${contact.name}) para confirmar`} value={typed} onChange={setTyped} error={error} autoFocus />
      </Dialog>
    </>
  );
}
