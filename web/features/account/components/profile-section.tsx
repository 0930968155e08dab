import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useMemo, useRef, useState } from "react";
import { ACCOUNT_LANGUAGES, AVATAR_ERRORS, AVATAR_MAX_BYTES, AVATAR_TYPES, type AccountLanguage, updateProfileInput } from "../../../../src/schemas/account";
import { formatBrazilPhone } from "../../../../src/schemas/auth";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { SelectInput, TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { fieldErrors, serverFieldError } from "../../../lib/form-errors";
import { api } from "../../../lib/http";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { PhoneInput } from "../../auth/components/phone-input";
import { authUserKey } from "../../auth/hooks/use-auth";
import type { Account } from "./types";
import { UserAvatar } from "./user-avatar";

/** Name, phone (the register mask), language and the picture. */
export function ProfileSection({ account }: { account: Account }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState({
    firstName: account.firstName,
    lastName: account.lastName,
    phoneNumber: formatBrazilPhone(account.phoneNumber ?? ""),
    language: account.language as AccountLanguage,
  });
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  const parsed = useMemo(() => updateProfileInput.safeParse(form), [form]);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const err = (k: string) => errors[k] ?? (serverError?.field === k ? serverError.message : undefined);
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: trpc.account.get.queryKey() }), qc.invalidateQueries({ queryKey: authUserKey })]);

  const save = useMutation(
    trpc.account.updateProfile.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast({ title: "Perfil atualizado" });
      },
      onError: (e) => {
        setServerError(serverFieldError(e));
        toast({ title: "Não foi possível salvar", description: trpcErrorMessage(e, "Tente novamente."), variant: "destructive" });
      },
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (parsed.success) save.mutate(parsed.data);
  };
  const set = <K extends keyof typeof form>(k: K) => (v: (typeof form)[K]) => setForm((f) => ({ ...f, [k]: v }));

  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="account-profile">
      <div className="card-body gap-4">
        <h2 id="account-profile" className="card-title text-lg">
          Perfil
        </h2>
        <AvatarPicker account={account} onChanged={refresh} />
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
          <TextInput label="Nome" value={form.firstName} onChange={set("firstName")} error={err("firstName")} max={100} />
          <TextInput label="Sobrenome" value={form.lastName} onChange={set("lastName")} error={err("lastName")} max={100} />
          <PhoneInput label="Telefone (WhatsApp)" value={form.phoneNumber} onChange={set("phoneNumber")} error={err("phoneNumber")} />
          <SelectInput label="Idioma" value={form.language} onChange={set("language")} options={ACCOUNT_LANGUAGES} error={err("language")} />
          <div className="sm:col-span-2">
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending && <ButtonSpinner />}
              Salvar perfil
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}

function AvatarPicker({ account, onChanged }: { account: Account; onChanged: () => Promise<unknown> }) {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set("file", file);
      return api.post<{ avatarUrl: string }>("/api/v1/account/avatar", form);
    },
    onSuccess: async () => {
      await onChanged();
      toast({ title: "Foto atualizada" });
    },
    onError: (e) => setError(e instanceof Error ? e.message : AVATAR_ERRORS.unreadable),
  });
  const remove = useMutation(
    trpc.account.removeAvatar.mutationOptions({
      onSuccess: async () => {
        setConfirmRemove(false);
        await onChanged();
        toast({ title: "Foto removida" });
      },
    }),
  );
  const pick = (file: File | undefined) => {
    if (!file) return;
    // The server checks the same; here the person hears it before a 5 MB upload.
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return setError(AVATAR_ERRORS.type);
    if (file.size > AVATAR_MAX_BYTES) return setError(AVATAR_ERRORS.tooLarge);
    setError(null);
    upload.mutate(file);
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <UserAvatar firstName={account.firstName} url={account.avatarUrl} size="lg" />
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm" onClick={() => input.current?.click()} disabled={upload.isPending}>
            {upload.isPending && <ButtonSpinner />}
            {account.avatarUrl ? "Trocar foto" : "Enviar foto"}
          </button>
          {account.avatarUrl && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirmRemove(true)}>
              Remover foto
            </button>
          )}
        </div>
        <p className="text-base-content/60 text-xs">PNG, JPG, WEBP ou GIF até 5 MB. A imagem é reduzida no servidor.</p>
        {error && (
          <p className="text-error text-xs" role="alert">
            {error}
          </p>
        )}
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(",")}
          className="hidden"
          aria-label="Escolher foto de perfil"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </div>
      <ConfirmDialog
        open={confirmRemove}
        title="Remover a foto?"
        description="Sua foto de perfil deixa de aparecer para você e para os membros dos seus workspaces."
        confirmLabel="Remover"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirmRemove(false)}
      />
    </div>
  );
}
