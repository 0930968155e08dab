import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "wouter";
import { DELETE_CONFIRMATION, deleteAccountInput } from "../../../../src/schemas/account";
import { Dialog } from "../../../components/ui/dialog";
import { TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { fieldErrors } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { PasswordInput } from "../../auth/components/password-input";

/** LGPD: download everything about me; delete the account (password + typed confirmation). */
export function DataSection() {
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="card border border-error/40 bg-base-100 shadow-sm" aria-labelledby="account-data">
      <div className="card-body gap-4">
        <h2 id="account-data" className="card-title text-lg">
          Seus dados
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-xl text-sm">
            Baixe uma cópia de tudo o que guardamos sobre você (perfil, workspaces, sessões e atividade), em JSON, conforme a LGPD.
          </p>
          {/* A plain link: the browser downloads the file with the session cookie. */}
          <a className="btn btn-sm" href="/api/v1/account/export" download>
            Baixar meus dados
          </a>
        </div>
        <div className="divider my-0" />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-xl text-sm">
            Excluir a conta apaga seu perfil, suas sessões e sua participação nos workspaces. Workspaces dos quais você é dono precisam ser transferidos ou
            excluídos antes.
          </p>
          <button type="button" className="btn btn-error btn-sm" onClick={() => setDeleting(true)}>
            Excluir minha conta
          </button>
        </div>
      </div>
      {deleting && <DeleteDialog onClose={() => setDeleting(false)} />}
    </section>
  );
}

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [form, setForm] = useState({ currentPassword: "", confirmation: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useMutation(
    trpc.account.delete.mutationOptions({
      onSuccess: () => {
        qc.clear();
        toast({ title: "Conta excluída", description: "Seus dados foram apagados." });
        navigate("/login");
      },
      onError: (e) => setRefusal(trpcErrorMessage(e, "Não foi possível excluir a conta.")),
    }),
  );
  const submit = () => {
    const parsed = deleteAccountInput.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setRefusal(null);
    remove.mutate(parsed.data);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title="Excluir sua conta?"
      size="sm"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={remove.isPending}>
            Cancelar
          </button>
          <button type="button" className="btn btn-error" onClick={submit} disabled={remove.isPending}>
            {remove.isPending && <ButtonSpinner />}
            Excluir conta para sempre
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        <p>Esta ação não pode ser desfeita. Todas as suas sessões serão encerradas.</p>
        {refusal && (
          <p role="alert" className="alert alert-error text-sm">
            {refusal}
          </p>
        )}
        <PasswordInput label="Senha atual" value={form.currentPassword} onChange={(v) => setForm((f) => ({ ...f, currentPassword: v }))} error={errors.currentPassword} />
        <TextInput
          label={`Digite ${DELETE_CONFIRMATION} para confirmar`}
          value={form.confirmation}
          onChange={(v) => setForm((f) => ({ ...f, confirmation: v }))}
          error={errors.confirmation}
        />
      </div>
    </Dialog>
  );
}
