import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { TIME_ZONES, updateWorkspaceInput, workspaceSettingsInput } from "../../../../src/schemas/workspace-admin";
import { NumberInput, SelectInput, TextArea, TextInput, ToggleRow } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { fieldErrors, serverFieldError } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { workspacesKey } from "../hooks/use-workspaces";

export type WorkspaceDetails = {
  name: string;
  description: string;
  settings: { allowPublicJoin: boolean; defaultAgentModel: string | null; maxAgents: number | null; timezone: string };
  planName: string;
  planMaxAgents: number;
  models: { provider: string; providerName: string; model: string }[];
};

/** "America/Sao_Paulo" → "São Paulo (Horário de Brasília)": the city as written, the zone's pt-BR name. */
function zoneLabel(zone: string) {
  const city = (zone.split("/").pop() ?? zone).replaceAll("_", " ").replace("Sao Paulo", "São Paulo");
  try {
    const part = new Intl.DateTimeFormat("pt-BR", { timeZone: zone, timeZoneName: "longGeneric" }).formatToParts(new Date()).find((p) => p.type === "timeZoneName");
    return `${city} — ${part?.value ?? zone} (${zone})`;
  } catch {
    return zone;
  }
}

function useInvalidateWorkspace() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: trpc.workspaces.details.queryKey() });
    void qc.invalidateQueries({ queryKey: trpc.workspaces.current.queryKey() });
    void qc.invalidateQueries({ queryKey: workspacesKey });
  };
}

/** Name and description (canManageSettings). */
export function WorkspaceInfoForm({ details, canEdit }: { details: WorkspaceDetails; canEdit: boolean }) {
  const [name, setName] = useState(details.name);
  const [description, setDescription] = useState(details.description);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toast = useToast();
  const invalidate = useInvalidateWorkspace();
  const save = useMutation(
    trpc.workspaces.update.mutationOptions({
      onSuccess: () => {
        toast({ title: "Workspace atualizado!", description: "O nome e a descrição foram salvos." });
        invalidate();
      },
      onError: (e) => {
        const f = serverFieldError(e);
        if (f) setErrors({ [f.field]: f.message });
        else toast({ variant: "destructive", title: "Erro ao salvar", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = updateWorkspaceInput.safeParse({ name, description });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data);
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate aria-label="Dados do workspace">
      <TextInput label="Nome do workspace" value={name} onChange={setName} max={100} error={errors.name} disabled={!canEdit} />
      <TextArea label="Descrição" value={description} onChange={setDescription} max={500} rows={3} error={errors.description} disabled={!canEdit} />
      {canEdit && (
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && <ButtonSpinner />}
            Salvar dados
          </button>
        </div>
      )}
    </form>
  );
}

/** allowPublicJoin, defaultAgentModel (models the admin enabled), maxAgents within the plan, time zone. */
export function WorkspaceSettingsForm({ details, canEdit }: { details: WorkspaceDetails; canEdit: boolean }) {
  const s = details.settings;
  const [allowPublicJoin, setAllowPublicJoin] = useState(s.allowPublicJoin);
  const [model, setModel] = useState(s.defaultAgentModel ?? "");
  const [limitOn, setLimitOn] = useState(s.maxAgents !== null);
  const [maxAgents, setMaxAgents] = useState(s.maxAgents ?? details.planMaxAgents);
  const [timezone, setTimezone] = useState(s.timezone);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toast = useToast();
  const invalidate = useInvalidateWorkspace();
  const zones = useMemo(() => TIME_ZONES.map((z) => ({ value: z, label: zoneLabel(z) })), []);
  const models = [{ value: "", label: "Padrão da plataforma" }, ...details.models.map((m) => ({ value: m.model, label: `${m.model} (${m.providerName})` }))];
  const save = useMutation(
    trpc.workspaces.updateSettings.mutationOptions({
      onSuccess: () => {
        toast({ title: "Configurações salvas!" });
        invalidate();
      },
      onError: (e) => {
        const f = serverFieldError(e);
        if (f) setErrors({ [f.field]: f.message });
        else toast({ variant: "destructive", title: "Erro ao salvar", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input = { allowPublicJoin, defaultAgentModel: model || null, maxAgents: limitOn ? maxAgents : null, timezone };
    const parsed = workspaceSettingsInput.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    if (parsed.data.maxAgents !== null && parsed.data.maxAgents > details.planMaxAgents) {
      return setErrors({ maxAgents: `Seu plano ${details.planName} permite até ${details.planMaxAgents} ${details.planMaxAgents === 1 ? "agente" : "agentes"}.` });
    }
    setErrors({});
    save.mutate(parsed.data);
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate aria-label="Configurações do workspace">
      <ToggleRow
        label="Permitir entrada pública"
        description="Pessoas com o link podem pedir para entrar neste workspace."
        checked={allowPublicJoin}
        onChange={setAllowPublicJoin}
        disabled={!canEdit}
      />
      <SelectInput label="Modelo padrão dos novos agentes" value={model} onChange={setModel} options={models} error={errors.defaultAgentModel} disabled={!canEdit} />
      <ToggleRow
        label="Limitar o número de agentes"
        description={`Seu plano ${details.planName} permite até ${details.planMaxAgents}.`}
        checked={limitOn}
        onChange={setLimitOn}
        disabled={!canEdit}
      />
      {limitOn && (
        <NumberInput label="Máximo de agentes" value={maxAgents} onChange={setMaxAgents} min={1} max={details.planMaxAgents} error={errors.maxAgents} disabled={!canEdit} />
      )}
      <SelectInput
        label="Fuso horário"
        hint="Usado nos canais, nas campanhas e nos gráficos."
        value={timezone}
        onChange={setTimezone}
        options={zones}
        error={errors.timezone}
        disabled={!canEdit}
      />
      {canEdit && (
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && <ButtonSpinner />}
            Salvar configurações
          </button>
        </div>
      )}
    </form>
  );
}
