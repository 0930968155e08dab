import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { NumberInput, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { type FieldErrors, fieldErrors } from "../../../../lib/form-errors";
import { formatDateTime } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { mailSenderInput, mailServerInput } from "../../../../../src/schemas/admin-mail";
import type { MailConfigView } from "./types";

/** The platform's SMTP server (password never shown back; blank keeps it) with "Testar conexão". */
export function MailServerCard({ view }: { view: MailConfigView }) {
  const qc = useQueryClient();
  const toast = useToast();
  const s = view.server;
  const [host, setHost] = useState(s?.host ?? "");
  const [port, setPort] = useState(s?.port ?? 587);
  const [secure, setSecure] = useState(s?.secure ?? false);
  const [username, setUsername] = useState(s?.username ?? "");
  const [password, setPassword] = useState("");
  const [isActive, setIsActive] = useState(s?.isActive ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.adminMail.config.get.queryKey() });
  const save = useMutation(
    trpc.adminMail.config.saveServer.mutationOptions({
      onSuccess: async () => {
        setPassword("");
        toast({ title: "Servidor de email salvo" });
        await refresh();
      },
    }),
  );
  const test = useMutation(trpc.adminMail.config.test.mutationOptions());

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = mailServerInput.safeParse({ host, port, secure, username, password, isActive });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    test.reset();
    save.mutate(parsed.data);
  }

  return (
    <form className="card border border-base-300 bg-base-100" onSubmit={submit} noValidate aria-label="Servidor SMTP">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="card-title text-lg">Servidor SMTP</h2>
          {view.configured ? <span className="badge badge-success badge-sm">ativo</span> : <span className="badge badge-warning badge-sm">emails ficam na fila</span>}
          {view.serverUpdatedAt && <span className="text-base-content/60 text-xs">Atualizado em {formatDateTime(view.serverUpdatedAt)}</span>}
        </div>
        {!view.configured && (
          <p className="text-base-content/70 text-sm">Sem um servidor ativo, os emails não saem: ficam registrados na caixa de saída como "Na fila".</p>
        )}
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <TextInput label="Servidor (host)" value={host} onChange={setHost} error={errors.host} placeholder="smtp.exemplo.com.br" />
          <NumberInput label="Porta" value={port} onChange={setPort} error={errors.port} min={1} max={65535} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="Usuário" value={username} onChange={setUsername} error={errors.username} placeholder="opcional" />
          <TextInput
            label="Senha"
            type="password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            placeholder={s?.hasPassword ? "•••••••• (deixe em branco para manter)" : "opcional"}
            hint={s?.hasPassword ? "Senha guardada criptografada" : undefined}
          />
        </div>
        <div className="divide-y divide-base-200">
          <ToggleRow label="Conexão segura (TLS direto)" description="Ligue para a porta 465. Nas portas 587 e 25 o STARTTLS é negociado sozinho." checked={secure} onChange={setSecure} />
          <ToggleRow label="Servidor ativo" description="Desligado, os emails ficam na fila da caixa de saída." checked={isActive} onChange={setIsActive} />
        </div>
        {save.isError && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {trpcErrorMessage(save.error, "Não foi possível salvar.")}
          </div>
        )}
        {test.data && (
          <div role="status" className={`alert alert-soft text-sm ${test.data.ok ? "alert-success" : "alert-error"}`}>
            {test.data.ok ? "Conexão e autenticação funcionando." : `Falha na conexão: ${test.data.error}`}
          </div>
        )}
        {test.isError && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {trpcErrorMessage(test.error, "Não foi possível testar.")}
          </div>
        )}
        <div className="card-actions justify-end">
          <button type="button" className="btn btn-ghost" disabled={test.isPending || !s} onClick={() => test.mutate()}>
            {test.isPending && <ButtonSpinner />}
            Testar conexão
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && <ButtonSpinner />}
            Salvar servidor
          </button>
        </div>
      </div>
    </form>
  );
}

/** Who the platform's mails come from. */
export function MailSenderCard({ view }: { view: MailConfigView }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [senderName, setSenderName] = useState(view.sender?.senderName ?? "Atenda");
  const [senderEmail, setSenderEmail] = useState(view.sender?.senderEmail ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation(
    trpc.adminMail.config.saveSender.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Remetente salvo" });
        await qc.invalidateQueries({ queryKey: trpc.adminMail.config.get.queryKey() });
      },
    }),
  );
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = mailSenderInput.safeParse({ senderName, senderEmail });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data);
  }
  return (
    <form className="card border border-base-300 bg-base-100" onSubmit={submit} noValidate aria-label="Remetente">
      <div className="card-body gap-4">
        <h2 className="card-title text-lg">Remetente</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="Nome do remetente" value={senderName} onChange={setSenderName} error={errors.senderName} max={100} />
          <TextInput label="Email do remetente" type="email" value={senderEmail} onChange={setSenderEmail} error={errors.senderEmail} placeholder="no-reply@suaempresa.com.br" />
        </div>
        {save.isError && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {trpcErrorMessage(save.error, "Não foi possível salvar.")}
          </div>
        )}
        <div className="card-actions justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && <ButtonSpinner />}
            Salvar remetente
          </button>
        </div>
      </div>
    </form>
  );
}
