import { type FormEvent, useState } from "react";
import { z } from "zod";
import { updateWhatsAppInput, whatsappCloudConfigInput } from "../../../../../src/schemas/channels";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { TextInput } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { type ConnectionOf, randomVerifyToken, useConnectWhatsApp, useDisconnectChannel, useUpdateWhatsApp } from "../../hooks/use-channels";
import { useSectionForm } from "../../hooks/use-section-form";
import { useReportDirty } from "../sections/types";
import { ServerError } from "../training/form-bits";
import { ChannelCardHeader } from "./card-header";
import { CopyRow } from "./copy-row";
import { TestConnection } from "./test-connection";

type Values = { accessToken: string; appSecret: string; phoneNumberId: string; businessAccountId: string; webhookVerifyToken: string };

/** On update an empty secret means "keep the stored one": it is left out before the shared contract runs. */
const dropEmptySecrets = (v: unknown) => {
  const o = { ...(v as Values) } as Partial<Values>;
  if (!o.accessToken) delete o.accessToken;
  if (!o.appSecret) delete o.appSecret;
  return o;
};
const updateSchema = z.preprocess(dropEmptySecrets, updateWhatsAppInput.shape.config);

type Props = {
  agentId: string;
  connection: ConnectionOf<"whatsapp_cloud"> | undefined;
  webhookUrl: string | undefined;
  canEdit: boolean;
  onDirtyChange: (dirty: boolean) => void;
};

/** WhatsApp (API oficial, Cloud API): the credentials from Meta, the webhook to paste back, connect/save/disconnect. */
export function WhatsAppCloudCard({ agentId, connection, webhookUrl, canEdit, onDirtyChange }: Props) {
  const connected = !!connection;
  const form = useSectionForm<Values, z.ZodType>(connected ? updateSchema : whatsappCloudConfigInput, {
    accessToken: "",
    appSecret: "",
    phoneNumberId: connection?.phoneNumberId ?? "",
    businessAccountId: connection?.businessAccountId ?? "",
    webhookVerifyToken: connection?.webhookVerifyToken ?? "",
  });
  useReportDirty(form.dirty, onDirtyChange);
  const connect = useConnectWhatsApp(agentId);
  const update = useUpdateWhatsApp(agentId);
  const disconnect = useDisconnectChannel(agentId);
  const [confirming, setConfirming] = useState(false);
  const pending = connect.isPending || update.isPending;
  const { values: v, set, errors } = form;
  const disabled = !canEdit || pending;
  const keepHint = connected ? "Já salvo. Deixe em branco para manter o valor atual." : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending || !canEdit) return;
    const config = form.validate() as z.infer<typeof updateSchema> | null;
    if (!config) return;
    if (connection) update.mutate({ id: connection.id, config });
    else connect.mutate({ agentId, config: config as z.infer<typeof whatsappCloudConfigInput> });
  };

  return (
    <section aria-label="WhatsApp (API oficial)" className="rounded-box border border-base-300 p-4">
      <ChannelCardHeader
        icon="chat"
        iconClass="text-success"
        title="WhatsApp (API oficial)"
        description="WhatsApp Cloud API da Meta. Crie um app em developers.facebook.com e copie os dados abaixo."
        status={connected ? { label: "Conectado", tone: "success" } : { label: "Não conectado", tone: "ghost" }}
        testId="whatsapp-status"
        configured={connection?.configured}
      />

      <form onSubmit={submit} aria-label="Conexão do WhatsApp" className="flex flex-col gap-4" noValidate>
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput label="Access token" type="password" value={v.accessToken} onChange={(x) => set("accessToken", x)} error={errors.accessToken} hint={keepHint} disabled={disabled} />
          <TextInput label="App secret" type="password" value={v.appSecret} onChange={(x) => set("appSecret", x)} error={errors.appSecret} hint={keepHint ?? "Usado para conferir a assinatura dos webhooks."} disabled={disabled} />
          <TextInput label="Phone number ID" value={v.phoneNumberId} onChange={(x) => set("phoneNumberId", x)} error={errors.phoneNumberId} disabled={disabled} />
          <TextInput label="Business account ID" value={v.businessAccountId} onChange={(x) => set("businessAccountId", x)} error={errors.businessAccountId} disabled={disabled} />
        </div>
        <div className="flex items-end gap-2">
          <TextInput
            className="flex-1"
            label="Webhook verify token"
            value={v.webhookVerifyToken}
            onChange={(x) => set("webhookVerifyToken", x)}
            error={errors.webhookVerifyToken}
            hint="Um texto secreto qualquer; cole o mesmo no painel da Meta."
            disabled={disabled}
          />
          <button type="button" className="btn mb-5" disabled={disabled} onClick={() => set("webhookVerifyToken", randomVerifyToken())}>
            <Icon name="refresh" className="size-4" />
            Gerar
          </button>
        </div>

        <div className="flex flex-col gap-3 rounded-field bg-base-200/60 p-3">
          <p className="text-sm">
            No painel da Meta (WhatsApp › Configuração › Webhook), cole a URL de callback e o token de verificação, e assine o campo <code>messages</code>.
          </p>
          {webhookUrl && <CopyRow label="URL do webhook" value={webhookUrl} copiedTitle="URL copiada!" />}
          {connection?.webhookVerifyToken && <CopyRow label="Token de verificação" value={connection.webhookVerifyToken} copiedTitle="Token copiado!" />}
        </div>

        {connection && <TestConnection agentId={agentId} connection={connection} />}

        <ServerError error={connection ? update.error : connect.error} />
        {disconnect.error && <ServerError error={disconnect.error} />}

        <div className="flex flex-wrap items-center justify-end gap-3">
          {connection && (
            <button type="button" className="btn btn-ghost btn-sm text-error mr-auto" disabled={!canEdit || disconnect.isPending} onClick={() => setConfirming(true)}>
              <Icon name="trash" className="size-4" />
              Desconectar
            </button>
          )}
          {connection && form.dirty && (
            <button type="button" className="btn btn-ghost btn-sm" disabled={pending} onClick={form.reset}>
              Descartar
            </button>
          )}
          <button type="submit" className="btn btn-primary btn-sm" disabled={disabled || (connected && !form.dirty)}>
            {pending && <ButtonSpinner />}
            {connected ? "Salvar" : "Conectar"}
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={confirming}
        title="Desconectar o WhatsApp?"
        description="O agente deixará de responder neste número. Os tokens salvos serão apagados; para reconectar será preciso informá-los de novo."
        confirmLabel="Desconectar"
        pending={disconnect.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          if (connection) disconnect.mutate({ id: connection.id }, { onSettled: () => setConfirming(false) });
        }}
      />
    </section>
  );
}
