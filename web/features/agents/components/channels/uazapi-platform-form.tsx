import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { connectUazapiPlatformInput } from "../../../../../src/schemas/admin-platform";
import { TextInput } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { trpc } from "../../../../lib/trpc";
import { useRefreshChannels, useUazapiPair } from "../../hooks/use-channels";
import { useSectionForm } from "../../hooks/use-section-form";
import { ServerError } from "../training/form-bits";

const schema = connectUazapiPlatformInput.omit({ agentId: true });
const EMPTY = { instanceName: "", phoneNumber: "" };

/** The own-server connect on the platform's gateway (issue 17): only the instance name and, optionally, the phone. */
export function UazapiPlatformForm({ agentId, canEdit, limit, used }: { agentId: string; canEdit: boolean; limit: number; used: number }) {
  const form = useSectionForm(schema, EMPTY);
  const qc = useQueryClient();
  const toast = useToast();
  const refresh = useRefreshChannels(agentId);
  const pair = useUazapiPair();
  const connect = useMutation(
    trpc.channels.connectUazapiPlatform.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Servidor conectado", description: "Leia o QR code com o WhatsApp do celular." });
        await Promise.all([refresh(), qc.invalidateQueries({ queryKey: trpc.channels.uazapiPlatform.queryKey() })]);
      },
    }),
  );
  const full = used >= limit;
  const disabled = !canEdit || connect.isPending || full;
  const { values: v, set, errors } = form;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (disabled) return;
    const input = form.validate();
    if (!input) return;
    connect.mutate({ agentId, ...input }, { onSuccess: (c) => pair.mutate({ id: c.id, phone: input.phoneNumber }) });
  };

  return (
    <form onSubmit={submit} aria-label="Conexão pelo servidor da plataforma" className="flex flex-col gap-4" noValidate>
      <p className={`text-sm ${full ? "text-error" : "text-base-content/70"}`} data-testid="uazapi-platform-usage">
        {limit === 0
          ? "Este workspace não pode usar o servidor da plataforma."
          : `${used} de ${limit} ${limit === 1 ? "instância" : "instâncias"} do servidor da plataforma em uso neste workspace.`}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
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
      <ServerError error={connect.error} />
      <div className="flex justify-end">
        <button type="submit" className="btn btn-primary btn-sm" disabled={disabled}>
          {connect.isPending && <ButtonSpinner />}
          Conectar
        </button>
      </div>
    </form>
  );
}
