import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { requestEmailChangeInput } from "../../../../src/schemas/account";
import { TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { fieldErrors, serverFieldError } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { PasswordInput } from "../../auth/components/password-input";
import type { Account } from "./types";

/** The email changes only when the link mailed to the new address is followed. */
export function EmailSection({ account }: { account: Account }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState({ newEmail: "", currentPassword: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.account.get.queryKey() });
  const request = useMutation(
    trpc.account.requestEmailChange.mutationOptions({
      onSuccess: async (res) => {
        setForm({ newEmail: "", currentPassword: "" });
        await refresh();
        toast({ title: "Confirme o novo email", description: `Enviamos um link para ${res.pendingEmail}. Ele vale por 24 horas.` });
      },
      onError: (e) => {
        const f = serverFieldError(e);
        if (f) setErrors({ [f.field]: f.message });
        else toast({ title: "Não foi possível pedir a troca", description: trpcErrorMessage(e, "Tente novamente."), variant: "destructive" });
      },
    }),
  );
  const cancel = useMutation(trpc.account.cancelEmailChange.mutationOptions({ onSuccess: () => refresh() }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = requestEmailChangeInput.safeParse(form);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    request.mutate(parsed.data);
  };

  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="account-email">
      <div className="card-body gap-4">
        <h2 id="account-email" className="card-title text-lg">
          Email
        </h2>
        <p className="text-sm">
          Email atual: <strong>{account.email}</strong>{" "}
          <span className={`badge badge-sm ${account.emailVerified ? "badge-success" : "badge-warning"}`}>{account.emailVerified ? "verificado" : "não verificado"}</span>
        </p>
        {account.pendingEmail && (
          <div role="status" className="alert alert-info text-sm">
            <span>
              Aguardando confirmação de <strong>{account.pendingEmail}</strong>: abra o link que enviamos para esse endereço.
            </span>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              Cancelar troca
            </button>
          </div>
        )}
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
          <TextInput label="Novo email" type="email" value={form.newEmail} onChange={(v) => setForm((f) => ({ ...f, newEmail: v }))} error={errors.newEmail} />
          <PasswordInput
            label="Senha atual"
            value={form.currentPassword}
            onChange={(v) => setForm((f) => ({ ...f, currentPassword: v }))}
            error={errors.currentPassword}
          />
          <div className="sm:col-span-2">
            <button type="submit" className="btn btn-primary" disabled={request.isPending}>
              {request.isPending && <ButtonSpinner />}
              Enviar link de confirmação
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
