import { useEffect, useState } from "react";
import {
  DEFAULT_TIMEOUT_MESSAGE,
  HANDOFF_ON_TIMEOUT,
  HANDOFF_ON_TIMEOUT_LABEL,
  type HandoffOnTimeout,
  handoffSettingsInput,
} from "../../../../src/schemas/handoffs";
import { NumberInput, SelectInput, TextArea, TextInput, ToggleRow } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { type FieldErrors, fieldErrors, serverFieldError } from "../../../lib/form-errors";
import { trpcErrorMessage } from "../../../lib/trpc";
import { type HandoffSettingsData, useUpdateHandoffSettings } from "../hooks/use-handoffs";

type Form = {
  acceptTimeoutMinutes: number;
  onTimeout: HandoffOnTimeout;
  timeoutMessage: string;
  notifyEmail: boolean;
  notifyWhatsappNumber: string;
  notifyConnectionId: string;
};

const toForm = (d: HandoffSettingsData): Form => ({
  acceptTimeoutMinutes: d.settings.acceptTimeoutMinutes,
  onTimeout: d.settings.onTimeout,
  timeoutMessage: d.settings.timeoutMessage === DEFAULT_TIMEOUT_MESSAGE ? "" : d.settings.timeoutMessage,
  notifyEmail: d.settings.notifyEmail,
  notifyWhatsappNumber: d.settings.notifyWhatsappNumber ?? "",
  notifyConnectionId: d.settings.notifyConnectionId ?? "",
});

/** Who is told of a handoff and what happens when nobody accepts it in time; the schema is the procedure's. */
export function HandoffSettingsForm({ data, canManage }: { data: HandoffSettingsData; canManage: boolean }) {
  const [form, setForm] = useState<Form>(() => toForm(data));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateHandoffSettings();
  const toast = useToast();
  useEffect(() => setForm(toForm(data)), [data]);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const connections = [{ value: "", label: "Escolha uma conexão" }, ...data.connections.map((c) => ({ value: c.id, label: c.label }))];

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = handoffSettingsInput.safeParse({ ...form, notifyConnectionId: form.notifyConnectionId || null });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => toast({ title: "Configurações de transferência salvas" }),
      onError: (err) => {
        const field = serverFieldError(err);
        if (field) setErrors({ [field.field]: field.message });
        toast({ variant: "destructive", title: "Não foi possível salvar", description: trpcErrorMessage(err, "Tente novamente.") });
      },
    });
  };

  return (
    <form className="card border border-base-300 bg-base-100" onSubmit={submit} aria-labelledby="handoff-settings-title" noValidate>
      <div className="card-body gap-3">
        <h2 id="handoff-settings-title" className="card-title text-lg">
          Configurações de transferência
        </h2>
        {!canManage && <p className="text-base-content/70 text-sm">Somente quem pode alterar as configurações do workspace muda estas opções.</p>}
        <fieldset disabled={!canManage || update.isPending} className="grid gap-3 md:grid-cols-2">
          <NumberInput
            label="Tempo para um atendente aceitar"
            suffix="minutos"
            min={1}
            max={1440}
            value={form.acceptTimeoutMinutes}
            onChange={(v) => set("acceptTimeoutMinutes", v)}
            error={errors.acceptTimeoutMinutes}
            hint="De 1 a 1440 minutos."
          />
          <SelectInput
            label="Quando ninguém aceita a tempo"
            value={form.onTimeout}
            onChange={(v) => set("onTimeout", v)}
            options={HANDOFF_ON_TIMEOUT.map((v) => ({ value: v, label: HANDOFF_ON_TIMEOUT_LABEL[v] }))}
            error={errors.onTimeout}
            hint={form.onTimeout === "keep_waiting" ? "A transferência não expira: o cliente é avisado uma vez de que continua na fila." : undefined}
          />
          <TextArea
            className="md:col-span-2"
            label="Mensagem ao cliente quando o tempo acaba"
            value={form.timeoutMessage}
            onChange={(v) => set("timeoutMessage", v)}
            placeholder={DEFAULT_TIMEOUT_MESSAGE}
            max={1000}
            rows={2}
            error={errors.timeoutMessage}
            hint="Vazio usa a mensagem padrão."
          />
          <div className="md:col-span-2">
            <ToggleRow label="Avisar a equipe por e-mail" description="Cada membro que pode responder conversas recebe um e-mail a cada transferência." checked={form.notifyEmail} onChange={(v) => set("notifyEmail", v)} />
          </div>
          <TextInput
            label="Avisar também no WhatsApp (número)"
            value={form.notifyWhatsappNumber}
            onChange={(v) => set("notifyWhatsappNumber", v)}
            placeholder="+5511999998888"
            error={errors.notifyWhatsappNumber}
            hint="Opcional. Formato internacional."
          />
          <SelectInput
            label="Conexão de WhatsApp que envia o aviso"
            value={form.notifyConnectionId}
            onChange={(v) => set("notifyConnectionId", v)}
            options={connections}
            error={errors.notifyConnectionId}
            hint={data.connections.length === 0 ? "Nenhuma conexão de WhatsApp neste workspace." : undefined}
          />
        </fieldset>
        {canManage && (
          <div className="card-actions justify-end">
            <button type="submit" className="btn btn-primary" disabled={update.isPending}>
              {update.isPending && <ButtonSpinner />}
              Salvar configurações
            </button>
          </div>
        )}
      </div>
    </form>
  );
}
