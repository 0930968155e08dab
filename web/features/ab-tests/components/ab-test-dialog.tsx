import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { AB_METRICS, AB_METRIC_LABEL, type AbMetric, type AbTestFieldsInput, abTestFields } from "../../../../src/schemas/ab-tests";
import { ROUTING_CHANNELS, ROUTING_CHANNEL_LABEL, type RoutingChannel } from "../../../../src/schemas/orchestration";
import { Dialog } from "../../../components/ui/dialog";
import { NumberInput, SelectInput, TextArea, TextInput } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { type FieldErrors, fieldErrors, serverFieldError } from "../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { type AbTestDetail, useRefreshAbTests } from "../hooks/use-ab-tests";

type Variant = { uid: number; name: string; isControl: boolean; instructions: string; greeting: string; model: string };
type Form = { name: string; description: string; agentId: string; variants: Variant[]; split: number[]; channels: RoutingChannel[]; metrics: AbMetric[]; minimumSampleSize: number; significanceLevel: number };

/** A stable React key per variant row (rows can be removed from the middle). */
let uidSeq = 0;
const blankVariant = (name: string, isControl = false): Variant => ({ uid: ++uidSeq, name, isControl, instructions: "", greeting: "", model: "" });

function formOf(test: AbTestDetail | null, agentId: string): Form {
  if (!test) {
    return { name: "", description: "", agentId, variants: [blankVariant("Controle", true), blankVariant("Variante B")], split: [50, 50], channels: [], metrics: ["deal_created"], minimumSampleSize: 100, significanceLevel: 0.05 };
  }
  return {
    name: test.name,
    description: test.description ?? "",
    agentId: test.agentId,
    variants: test.variants.map((v) => ({ uid: ++uidSeq, name: v.name, isControl: v.isControl, instructions: v.overrides.specialInstructions ?? "", greeting: v.overrides.greetingMessage ?? "", model: v.overrides.aiModel ?? "" })),
    split: test.trafficSplit,
    channels: test.targets.channels as RoutingChannel[],
    metrics: test.successMetrics,
    minimumSampleSize: test.minimumSampleSize,
    significanceLevel: test.significanceLevel,
  };
}

function toInput(f: Form): AbTestFieldsInput {
  return {
    name: f.name,
    description: f.description,
    agentId: f.agentId,
    variants: f.variants.map((v) => ({
      name: v.name,
      isControl: v.isControl,
      overrides: v.isControl ? {} : { ...(v.instructions.trim() ? { specialInstructions: v.instructions } : {}), ...(v.greeting.trim() ? { greetingMessage: v.greeting } : {}), ...(v.model.trim() ? { aiModel: v.model } : {}) },
    })),
    trafficSplit: f.split,
    targets: { channels: f.channels },
    successMetrics: f.metrics,
    minimumSampleSize: f.minimumSampleSize,
    significanceLevel: f.significanceLevel,
  };
}

/** Even split of 100 over n variants (the first ones take the remainder). */
const evenSplit = (n: number) => Array.from({ length: n }, (_, i) => Math.floor(100 / n) + (i < 100 % n ? 1 : 0));

/** Create or edit a test: a started one only changes its name and description (the server says so too). */
export function AbTestDialog({ open, onClose, test, onSaved }: { open: boolean; onClose: () => void; test: AbTestDetail | null; onSaved?: (id: string) => void }) {
  const agents = useQuery(trpc.agents.list.queryOptions());
  const [form, setForm] = useState<Form>(() => formOf(test, ""));
  const [errors, setErrors] = useState<FieldErrors>({});
  const refresh = useRefreshAbTests();
  const toast = useToast();
  const locked = Boolean(test && test.status !== "draft");
  useEffect(() => {
    if (open) {
      setForm(formOf(test, agents.data?.[0]?.id ?? ""));
      setErrors({});
    }
  }, [open, test, agents.data]);
  const onError = (e: unknown) => {
    const f = serverFieldError(e);
    if (f) setErrors({ [f.field]: f.message });
    toast({ variant: "destructive", title: "Não foi possível salvar o teste", description: trpcErrorMessage(e, "Tente novamente.") });
  };
  const onSuccess = async (row: { id: string } | undefined) => {
    await refresh();
    toast({ title: test ? "Teste A/B salvo" : "Teste A/B criado" });
    onClose();
    if (row) onSaved?.(row.id);
  };
  const create = useMutation(trpc.abTests.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.abTests.update.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || update.isPending;
  const total = form.split.reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const setVariant = (i: number, patch: Partial<Variant>) => set({ variants: form.variants.map((v, k) => (k === i ? { ...v, ...patch } : v)) });

  function submit() {
    const input = toInput(form);
    const parsed = abTestFields.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    if (test) update.mutate({ id: test.id, test: input });
    else create.mutate(input);
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={test ? "Editar teste A/B" : "Novo teste A/B"}
      description={locked ? "O teste já começou: só o nome e a descrição podem mudar." : "Compare variantes de um agente com contatos reais."}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
            Cancelar
          </button>
          <button type="button" className="btn btn-primary" onClick={submit} disabled={pending}>
            {pending && <ButtonSpinner />}
            {test ? "Salvar" : "Criar teste"}
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <TextInput label="Nome" value={form.name} onChange={(name) => set({ name })} error={errors.name} max={200} />
        <TextArea label="Descrição" value={form.description} onChange={(description) => set({ description })} error={errors.description} max={1000} rows={2} />
        <SelectInput
          label="Agente"
          value={form.agentId}
          onChange={(agentId) => set({ agentId })}
          options={(agents.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          error={errors.agentId}
          disabled={locked}
        />
        <fieldset className="flex flex-col gap-2" disabled={locked}>
          <legend className="mb-1 font-medium text-sm">Variantes e divisão de tráfego</legend>
          {form.variants.map((v, i) => (
            <div key={v.uid} className="rounded-box border border-base-300 p-3">
              <div className="grid gap-2 sm:grid-cols-[1fr_10rem_auto]">
                <TextInput label={`Nome da variante ${i + 1}`} value={v.name} onChange={(name) => setVariant(i, { name })} error={errors[`variants.${i}.name`]} max={100} />
                <NumberInput label="Tráfego" value={form.split[i] ?? 0} min={1} max={99} suffix="%" onChange={(n) => set({ split: form.split.map((s, k) => (k === i ? n : s)) })} />
                <div className="flex items-end gap-1 pb-1">
                  {v.isControl ? (
                    <span className="badge badge-neutral">Controle</span>
                  ) : (
                    form.variants.length > 2 && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        aria-label={`Remover a variante ${v.name || i + 1}`}
                        onClick={() => set({ variants: form.variants.filter((_, k) => k !== i), split: evenSplit(form.variants.length - 1) })}
                      >
                        Remover
                      </button>
                    )
                  )}
                </div>
              </div>
              <input
                type="range"
                className="range range-primary range-xs mt-1"
                min={1}
                max={99}
                value={form.split[i] ?? 0}
                aria-label={`Tráfego da variante ${v.name || i + 1} (%)`}
                onChange={(e) => set({ split: form.split.map((s, k) => (k === i ? Number(e.target.value) : s)) })}
              />
              {v.isControl ? (
                <p className="mt-1 text-base-content/70 text-sm">O controle usa a configuração atual do agente.</p>
              ) : (
                <div className="mt-2 grid gap-2">
                  <TextArea label="Instruções especiais" value={v.instructions} onChange={(instructions) => setVariant(i, { instructions })} error={errors[`variants.${i}.overrides.specialInstructions`]} max={2000} rows={2} />
                  <div className="grid gap-2 sm:grid-cols-2">
                    <TextInput label="Mensagem de saudação" value={v.greeting} onChange={(greeting) => setVariant(i, { greeting })} error={errors[`variants.${i}.overrides.greetingMessage`]} max={1000} />
                    <TextInput label="Modelo de IA (opcional)" value={v.model} onChange={(model) => setVariant(i, { model })} error={errors[`variants.${i}.overrides.aiModel`]} max={50} />
                  </div>
                </div>
              )}
            </div>
          ))}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className={`text-sm ${total === 100 ? "text-base-content/70" : "text-error"}`} role="status">
              Total: {total}% {total === 100 ? "" : "— a divisão deve somar 100%"}
            </p>
            <div className="flex gap-2">
              <button type="button" className="btn btn-sm" onClick={() => set({ split: evenSplit(form.variants.length) })}>
                Dividir igualmente
              </button>
              {form.variants.length < 5 && (
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => set({ variants: [...form.variants, blankVariant(`Variante ${String.fromCharCode(65 + form.variants.length)}`)], split: evenSplit(form.variants.length + 1) })}
                >
                  Adicionar variante
                </button>
              )}
            </div>
          </div>
          {(errors.trafficSplit || errors.variants) && <p className="text-error text-sm">{errors.trafficSplit ?? errors.variants}</p>}
        </fieldset>
        <fieldset className="flex flex-col gap-1" disabled={locked}>
          <legend className="mb-1 font-medium text-sm">Métricas de sucesso (a primeira é a principal)</legend>
          <div className="flex flex-wrap gap-3">
            {AB_METRICS.map((m) => (
              <label key={m} className="label cursor-pointer gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={form.metrics.includes(m)}
                  onChange={(e) => set({ metrics: e.target.checked ? [...form.metrics, m] : form.metrics.filter((x) => x !== m) })}
                />
                {AB_METRIC_LABEL[m]}
                {form.metrics[0] === m && <span className="badge badge-primary badge-sm">principal</span>}
              </label>
            ))}
          </div>
          {errors.successMetrics && <p className="text-error text-sm">{errors.successMetrics}</p>}
        </fieldset>
        <fieldset className="flex flex-col gap-1" disabled={locked}>
          <legend className="mb-1 font-medium text-sm">Canais (nenhum marcado = todos)</legend>
          <div className="flex flex-wrap gap-3">
            {ROUTING_CHANNELS.map((c) => (
              <label key={c} className="label cursor-pointer gap-2 text-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={form.channels.includes(c)}
                  onChange={(e) => set({ channels: e.target.checked ? [...form.channels, c] : form.channels.filter((x) => x !== c) })}
                />
                {ROUTING_CHANNEL_LABEL[c]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-2 sm:grid-cols-2">
          <NumberInput label="Amostra mínima por variante" value={form.minimumSampleSize} min={100} onChange={(minimumSampleSize) => set({ minimumSampleSize })} error={errors.minimumSampleSize} disabled={locked} />
          <NumberInput
            label="Nível de significância"
            value={form.significanceLevel}
            min={0.001}
            max={0.2}
            onChange={(significanceLevel) => set({ significanceLevel })}
            error={errors.significanceLevel}
            hint="Padrão 0,05 (95% de confiança)"
            disabled={locked}
          />
        </div>
      </div>
    </Dialog>
  );
}
