import { useState } from "react";
import { type ModelPricingValues, modelPricingFields } from "../../../../../src/schemas/admin-credits";
import { Dialog } from "../../../../components/ui/dialog";
import { Field, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { type FieldErrors, fieldErrors } from "../../../../lib/form-errors";

/** The numbers are typed as text ("0,00015"): a pt-BR comma is accepted. */
type Draft = Omit<ModelPricingValues, "inputPricePer1k" | "outputPricePer1k" | "creditsPerInteraction"> & { input: string; output: string; credits: string };

const num = (s: string) => (/^\s*-?\d+([.,]\d+)?\s*$/.test(s) ? Number(s.trim().replace(",", ".")) : Number.NaN);
const text = (n: number) => n.toLocaleString("pt-BR", { maximumFractionDigits: 8, useGrouping: false });

export const emptyPricing = (over: Partial<ModelPricingValues> = {}): ModelPricingValues => ({
  provider: "openai",
  modelId: "",
  displayName: "",
  inputPricePer1k: 0,
  outputPricePer1k: 0,
  creditsPerInteraction: 1,
  supportsVision: false,
  supportsFunctionCalling: true,
  isActive: true,
  ...over,
});

type Props = {
  open: boolean;
  title: string;
  initial: ModelPricingValues;
  pending: boolean;
  serverError: { field: string | null; message: string } | null;
  onCancel: () => void;
  onSubmit: (values: ModelPricingValues) => void;
};

/** Create or edit one model's price, in a dialog; checked by the procedure's own schema before it is sent. */
export function PricingForm({ open, title, initial, pending, serverError, onCancel, onSubmit }: Props) {
  const [draft, setDraft] = useState<Draft>(() => ({
    ...initial,
    input: text(initial.inputPricePer1k),
    output: text(initial.outputPricePer1k),
    credits: text(initial.creditsPerInteraction),
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const shown: FieldErrors = serverError?.field ? { ...errors, [serverError.field]: serverError.message } : errors;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const { input, output, credits, ...rest } = draft;
    const parsed = modelPricingFields.safeParse({ ...rest, inputPricePer1k: num(input), outputPricePer1k: num(output), creditsPerInteraction: num(credits) });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    onSubmit(parsed.data);
  }

  const price = (label: string, value: string, key: "input" | "output", field: string) => (
    <Field label={label} error={shown[field]} hint="US$ por 1.000 tokens">
      {({ id, describedBy, invalid }) => (
        <label className={`input w-full ${invalid ? "input-error" : ""}`}>
          <span className="text-base-content/60 text-sm">US$</span>
          <input id={id} inputMode="decimal" className="grow" value={value} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => set(key, e.target.value)} />
        </label>
      )}
    </Field>
  );

  return (
    <Dialog open={open} onClose={onCancel} title={title} size="lg">
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput label="Provedor" value={draft.provider} max={40} onChange={(v) => set("provider", v)} error={shown.provider} hint="Identificador, como em Provedores de IA (ex.: openai)." />
          <TextInput label="Modelo" value={draft.modelId} max={100} onChange={(v) => set("modelId", v)} error={shown.modelId} hint="O id usado na API (ex.: gpt-4o-mini)." />
          <TextInput label="Nome de exibição" value={draft.displayName} max={100} onChange={(v) => set("displayName", v)} error={shown.displayName} className="sm:col-span-2" />
          {price("Preço de entrada", draft.input, "input", "inputPricePer1k")}
          {price("Preço de saída", draft.output, "output", "outputPricePer1k")}
          <Field label="Créditos mínimos por interação" error={shown.creditsPerInteraction} hint="Cobrado quando o custo em tokens fica abaixo disso. Padrão: 1.">
            {({ id, describedBy, invalid }) => (
              <input id={id} inputMode="decimal" className={`input w-full ${invalid ? "input-error" : ""}`} value={draft.credits} aria-invalid={invalid} aria-describedby={describedBy} onChange={(e) => set("credits", e.target.value)} />
            )}
          </Field>
        </div>
        <div className="divide-y divide-base-300">
          <ToggleRow label="Entende imagens (visão)" checked={draft.supportsVision} onChange={(v) => set("supportsVision", v)} />
          <ToggleRow label="Usa ferramentas (function calling)" checked={draft.supportsFunctionCalling} onChange={(v) => set("supportsFunctionCalling", v)} />
          <ToggleRow label="Ativo" description="Inativo: o preço fica guardado, mas o modelo deixa de ser oferecido." checked={draft.isActive} onChange={(v) => set("isActive", v)} />
        </div>
        {serverError && !serverError.field && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {serverError.message}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={pending}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending && <ButtonSpinner />}
            Salvar preço
          </button>
        </div>
      </form>
    </Dialog>
  );
}
