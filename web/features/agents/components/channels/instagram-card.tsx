import type { FormEvent } from "react";
import { z } from "zod";
import { instagramConfigInput, updateInstagramInput } from "../../../../../src/schemas/channels";
import { TextInput } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { type ConnectionOf, randomVerifyToken, useConnectInstagram, useUpdateInstagram } from "../../hooks/use-channels";
import { useSectionForm } from "../../hooks/use-section-form";
import { useReportDirty } from "../sections/types";
import { ServerError } from "../training/form-bits";
import { ChannelCardHeader } from "./card-header";
import { CopyRow } from "./copy-row";
import { DisconnectButton } from "./disconnect-button";
import { TestConnection } from "./test-connection";

type Values = z.input<typeof instagramConfigInput>;

/** On update an empty secret means "keep the stored one": it is left out before the shared contract runs. */
const dropEmptySecrets = (v: unknown) => {
  const o = { ...(v as Values) } as Partial<Values>;
  if (!o.accessToken) delete o.accessToken;
  if (!o.appSecret) delete o.appSecret;
  return o;
};
const updateSchema = z.preprocess(dropEmptySecrets, updateInstagramInput.shape.config);

type Props = {
  agentId: string;
  connection: ConnectionOf<"instagram"> | undefined;
  webhookUrl: string | undefined;
  canEdit: boolean;
  onDirtyChange: (dirty: boolean) => void;
};

/** Instagram Direct (Messenger API for Instagram): the Meta app's credentials, the webhook to paste back. */
export function InstagramCard({ agentId, connection, webhookUrl, canEdit, onDirtyChange }: Props) {
  const form = useSectionForm<Values, z.ZodType>(connection ? updateSchema : instagramConfigInput, {
    accessToken: "",
    appSecret: "",
    businessId: connection?.businessId ?? "",
    pageId: connection?.pageId ?? "",
    webhookVerifyToken: connection?.webhookVerifyToken ?? "",
  });
  useReportDirty(form.dirty, onDirtyChange);
  const connect = useConnectInstagram(agentId);
  const update = useUpdateInstagram(agentId);
  const pending = connect.isPending || update.isPending;
  const { values: v, set, errors } = form;
  const disabled = !canEdit || pending;
  const keepHint = connection ? "Já salvo. Deixe em branco para manter o valor atual." : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (disabled) return;
    const config = form.validate() as z.infer<typeof updateSchema> | null;
    if (!config) return;
    if (connection) update.mutate({ id: connection.id, config });
    else connect.mutate({ agentId, ...(config as z.infer<typeof instagramConfigInput>) });
  };

  return (
    <section aria-label="Instagram" className="rounded-box border border-base-300 p-4">
      <ChannelCardHeader
        icon="image"
        iconClass="text-secondary"
        title="Instagram"
        description="Mensagens diretas do Instagram profissional da empresa, via um app da Meta ligado à página do Facebook."
        status={connection ? { label: "Conectado", tone: "success" } : { label: "Não conectado", tone: "ghost" }}
        testId="instagram-status"
        configured={connection?.configured}
      />
      <form onSubmit={submit} aria-label="Conexão do Instagram" className="flex flex-col gap-4" noValidate>
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput label="Access token" type="password" value={v.accessToken} onChange={(x) => set("accessToken", x)} error={errors.accessToken} hint={keepHint} disabled={disabled} />
          <TextInput label="App secret" type="password" value={v.appSecret} onChange={(x) => set("appSecret", x)} error={errors.appSecret} hint={keepHint ?? "Usado para conferir a assinatura dos webhooks."} disabled={disabled} />
          <TextInput label="Instagram business ID" value={v.businessId} onChange={(x) => set("businessId", x)} error={errors.businessId} disabled={disabled} />
          <TextInput label="Page ID" value={v.pageId} onChange={(x) => set("pageId", x)} error={errors.pageId} disabled={disabled} />
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
            No painel da Meta (Instagram › Webhooks), cole a URL de callback e o token de verificação, e assine o campo <code>messages</code>.
          </p>
          {webhookUrl && <CopyRow label="URL do webhook" value={webhookUrl} copiedTitle="URL copiada!" />}
          {connection?.webhookVerifyToken && <CopyRow label="Token de verificação" value={connection.webhookVerifyToken} copiedTitle="Token copiado!" />}
        </div>
        {connection && <TestConnection agentId={agentId} connection={connection} />}
        <ServerError error={connection ? update.error : connect.error} />
        <div className="flex flex-wrap items-center justify-end gap-3">
          {connection && (
            <span className="mr-auto">
              <DisconnectButton
                agentId={agentId}
                connectionId={connection.id}
                disabled={!canEdit}
                title="Desconectar o Instagram?"
                description="O agente deixará de responder às mensagens diretas desta conta. Os tokens salvos serão apagados."
              />
            </span>
          )}
          {connection && form.dirty && (
            <button type="button" className="btn btn-ghost btn-sm" disabled={pending} onClick={form.reset}>
              Descartar
            </button>
          )}
          <button type="submit" className="btn btn-primary btn-sm" disabled={disabled || (!!connection && !form.dirty)}>
            {pending && <ButtonSpinner />}
            {connection ? "Salvar" : "Conectar"}
          </button>
        </div>
      </form>
    </section>
  );
}
