import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { uazapiConfigInput } from "../../../../../src/schemas/channels";
import { TextInput } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { trpc } from "../../../../lib/trpc";
import { type ConnectionOf, useConnectUazapi, useUazapiPair } from "../../hooks/use-channels";
import { useSectionForm } from "../../hooks/use-section-form";
import { useReportDirty } from "../sections/types";
import { ServerError } from "../training/form-bits";
import { ChannelCardHeader } from "./card-header";
import { DisconnectButton } from "./disconnect-button";
import { TestConnection } from "./test-connection";
import { UazapiPairing } from "./uazapi-pairing";
import { UazapiPlatformForm } from "./uazapi-platform-form";

type Props = { agentId: string; connection: ConnectionOf<"whatsapp_uaz"> | undefined; canEdit: boolean; onDirtyChange: (dirty: boolean) => void };

const EMPTY = { serverUrl: "", adminToken: "", instanceName: "", phoneNumber: "", instanceToken: "" };

/** WhatsApp (servidor próprio): an own UAZAPI server; connect creates the instance, then the QR code pairs the phone. */
export function UazapiCard({ agentId, connection, canEdit, onDirtyChange }: Props) {
  const form = useSectionForm(uazapiConfigInput, EMPTY);
  useReportDirty(!connection && form.dirty, onDirtyChange);
  const connect = useConnectUazapi(agentId);
  const pair = useUazapiPair();
  const { values: v, set, errors } = form;
  const disabled = !canEdit || connect.isPending;
  // The platform's gateway (/admin/uazapi), when the operator offers one: an alternative to an own server.
  const platform = useQuery({ ...trpc.channels.uazapiPlatform.queryOptions(), enabled: !connection });
  const [via, setVia] = useState<"own" | "platform">("own");
  const offered = platform.data?.available === true;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (disabled) return;
    const input = form.validate();
    if (!input) return;
    // The QR code (or the pairing code, with a phone) is asked for as soon as the instance exists.
    connect.mutate({ agentId, ...input }, { onSuccess: (c) => pair.mutate({ id: c.id, phone: input.phoneNumber }) });
  };

  const active = connection?.sessionActive === true;
  return (
    <section aria-label="WhatsApp (servidor próprio)" className="rounded-box border border-base-300 p-4">
      <ChannelCardHeader
        icon="chat"
        iconClass="text-success"
        title="WhatsApp (servidor próprio)"
        description="Conecte um número pelo QR code, via o seu servidor UAZAPI."
        status={!connection ? { label: "Não conectado", tone: "ghost" } : active ? { label: "Conectado", tone: "success" } : { label: "Aguardando QR code", tone: "warning" }}
        testId="uazapi-status"
        configured={connection?.configured}
      />
      {connection ? (
        <div className="flex flex-col gap-4">
          <dl className="grid gap-2 text-sm sm:grid-cols-3">
            <div className="min-w-0">
              <dt className="text-base-content/60 text-xs">Servidor</dt>
              <dd className="truncate font-mono text-xs">{connection.viaPlatform ? "Servidor da plataforma" : connection.serverUrl}</dd>
            </div>
            <div>
              <dt className="text-base-content/60 text-xs">Instância</dt>
              <dd>{connection.instanceName}</dd>
            </div>
            <div>
              <dt className="text-base-content/60 text-xs">Número</dt>
              <dd data-testid="uazapi-phone" className="font-medium">
                {active && connection.phoneNumber ? `+${connection.phoneNumber}` : "—"}
              </dd>
            </div>
          </dl>
          {!active && <UazapiPairing agentId={agentId} connection={connection} canEdit={canEdit} pair={pair} />}
          <TestConnection agentId={agentId} connection={connection} />
          <div className="flex justify-end">
            <DisconnectButton
              agentId={agentId}
              connectionId={connection.id}
              disabled={!canEdit}
              title="Desconectar o WhatsApp (servidor próprio)?"
              description="O agente deixará de responder neste número. Uma instância criada pela Atenda é apagada do servidor; os tokens salvos também."
            />
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {offered && (
            <fieldset className="flex flex-wrap gap-4">
              <legend className="sr-only">Qual servidor usar</legend>
              <label className="flex cursor-pointer items-center gap-2 text-sm">
                <input type="radio" className="radio radio-sm" name={`uaz-via-${agentId}`} checked={via === "own"} onChange={() => setVia("own")} disabled={!canEdit} />
                Meu servidor UAZAPI
              </label>
              <label className="flex cursor-pointer items-center gap-2 text-sm">
                <input type="radio" className="radio radio-sm" name={`uaz-via-${agentId}`} checked={via === "platform"} onChange={() => setVia("platform")} disabled={!canEdit} />
                Servidor da plataforma
              </label>
            </fieldset>
          )}
          {offered && via === "platform" && platform.data ? (
            <UazapiPlatformForm agentId={agentId} canEdit={canEdit} limit={platform.data.limit} used={platform.data.used} />
          ) : (
        <form onSubmit={submit} aria-label="Conexão do WhatsApp (servidor próprio)" className="flex flex-col gap-4" noValidate>
          <div className="grid gap-4 md:grid-cols-2">
            <TextInput label="URL do servidor" value={v.serverUrl} onChange={(x) => set("serverUrl", x)} error={errors.serverUrl} placeholder="https://sua-empresa.uazapi.com" disabled={disabled} />
            <TextInput label="Admin token" type="password" value={v.adminToken} onChange={(x) => set("adminToken", x)} error={errors.adminToken} disabled={disabled} />
            <TextInput label="Nome da instância" value={v.instanceName} onChange={(x) => set("instanceName", x)} error={errors.instanceName} placeholder="loja-centro" disabled={disabled} />
            <TextInput
              label="Telefone (opcional)"
              value={v.phoneNumber}
              onChange={(x) => set("phoneNumber", x)}
              error={errors.phoneNumber}
              placeholder="+5511999999999"
              hint="Com o número, o servidor também gera um código de pareamento."
              disabled={disabled}
            />
          </div>
          <TextInput
            label="Token da instância (opcional)"
            type="password"
            value={v.instanceToken}
            onChange={(x) => set("instanceToken", x)}
            error={errors.instanceToken}
            hint="Para usar uma instância que já existe no servidor em vez de criar uma nova."
            disabled={disabled}
          />
          <ServerError error={connect.error} />
          <div className="flex justify-end">
            <button type="submit" className="btn btn-primary btn-sm" disabled={disabled}>
              {connect.isPending && <ButtonSpinner />}
              Conectar
            </button>
          </div>
        </form>
          )}
        </div>
      )}
    </section>
  );
}
