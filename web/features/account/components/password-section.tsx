import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { changePasswordInput } from "../../../../src/schemas/account";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { fieldErrors, serverFieldError } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { PasswordInput } from "../../auth/components/password-input";

/** Current password required; every other session ends when it changes. */
export function PasswordSection() {
  const qc = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState({ currentPassword: "", newPassword: "", repeat: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation(
    trpc.account.changePassword.mutationOptions({
      onSuccess: async (res) => {
        setForm({ currentPassword: "", newPassword: "", repeat: "" });
        await qc.invalidateQueries({ queryKey: trpc.account.sessions.list.queryKey() });
        const others = res.endedSessions === 1 ? "1 outra sessão foi encerrada" : `${res.endedSessions} outras sessões foram encerradas`;
        toast({ title: "Senha alterada", description: `${others}.` });
      },
      onError: (e) => {
        const f = serverFieldError(e);
        if (f) setErrors({ [f.field]: f.message });
        else toast({ title: "Não foi possível alterar a senha", description: trpcErrorMessage(e, "Tente novamente."), variant: "destructive" });
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = changePasswordInput.safeParse(form);
    const out = parsed.success ? {} : fieldErrors(parsed.error);
    if (form.repeat !== form.newPassword) out.repeat = "As senhas não conferem";
    setErrors(out);
    if (parsed.success && !out.repeat) change.mutate(parsed.data);
  };
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="account-password">
      <div className="card-body gap-4">
        <h2 id="account-password" className="card-title text-lg">
          Senha
        </h2>
        <p className="text-base-content/70 text-sm">Ao trocar a senha, todas as outras sessões abertas com a sua conta são encerradas.</p>
        <form className="grid gap-4 sm:grid-cols-3" onSubmit={submit} noValidate>
          <PasswordInput label="Senha atual" value={form.currentPassword} onChange={set("currentPassword")} error={errors.currentPassword} />
          <PasswordInput label="Nova senha" autoComplete="new-password" value={form.newPassword} onChange={set("newPassword")} error={errors.newPassword} />
          <PasswordInput label="Repita a nova senha" autoComplete="new-password" value={form.repeat} onChange={set("repeat")} error={errors.repeat} />
          <div className="sm:col-span-3">
            <button type="submit" className="btn btn-primary" disabled={change.isPending}>
              {change.isPending && <ButtonSpinner />}
              Alterar senha
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
