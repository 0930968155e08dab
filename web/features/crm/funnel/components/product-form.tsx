import { type FormEvent, useState } from "react";
import { lineTotalCents, productFields } from "../../../../../src/schemas/crm/deal-details";
import { parseBrlToCents } from "../../../../../src/schemas/crm/money";
import { Dialog } from "../../../../components/ui/dialog";
import { NumberInput, TextInput } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { fieldErrors } from "../../../../lib/form-errors";
import { type DealProduct, formatBrl } from "../hooks/use-deal";

type Draft = { name: string; quantity: number; price: string; discount: number; tax: number };
export type ProductInput = { name: string; quantity: number; unitPriceCents: number; discount: number; tax: number };

const centsText = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
const draftOf = (p: DealProduct | null): Draft =>
  p ? { name: p.name, quantity: p.quantity, price: centsText(p.unitPriceCents), discount: p.discount, tax: p.tax } : { name: "", quantity: 1, price: "", discount: 0, tax: 0 };

type Props = {
  open: boolean;
  editing: DealProduct | null;
  saving: boolean;
  useAsDealValue: boolean;
  onUseAsDealValue: (v: boolean) => void;
  onSubmit: (input: ProductInput) => void;
  onClose: () => void;
};

/** "Adicionar produto" / "Editar produto"; the total shown is a preview, the server computes the stored one. */
export function ProductFormDialog(props: Props) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.editing ? "Editar produto" : "Adicionar produto"} size="lg">
      {props.open && <ProductForm key={props.editing?.id ?? "new"} {...props} />}
    </Dialog>
  );
}

function ProductForm({ editing, saving, useAsDealValue, onUseAsDealValue, onSubmit, onClose }: Props) {
  const [draft, setDraft] = useState(() => draftOf(editing));
  const [submitted, setSubmitted] = useState(false);
  const patch = (p: Partial<Draft>) => setDraft((d) => ({ ...d, ...p }));
  const cents = parseBrlToCents(draft.price);
  const input = { name: draft.name, quantity: draft.quantity, unitPriceCents: cents ?? Number.NaN, discount: draft.discount, tax: draft.tax };
  const parsed = productFields.safeParse(input);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const priceError = submitted && (cents === null || !draft.price.trim()) ? "Preço inválido (use 1.234,56)" : errors.unitPriceCents;
  const preview = parsed.success ? lineTotalCents(parsed.data) : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (parsed.success && cents !== null && draft.price.trim() && !saving) onSubmit(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? "Editar produto" : "Adicionar produto"} className="flex flex-col gap-4">
      <TextInput label="Produto" value={draft.name} onChange={(x) => patch({ name: x })} error={errors.name} max={200} placeholder="Ex.: Plano anual" autoFocus />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberInput label="Quantidade" min={0} value={draft.quantity} onChange={(x) => patch({ quantity: x })} error={errors.quantity} />
        <TextInput label="Preço unitário (R$)" value={draft.price} onChange={(x) => patch({ price: x })} error={priceError} placeholder="1.234,56" />
        <NumberInput label="Desconto" suffix="%" min={0} max={100} value={draft.discount} onChange={(x) => patch({ discount: x })} error={errors.discount} />
        <NumberInput label="Imposto" suffix="%" min={0} max={100} value={draft.tax} onChange={(x) => patch({ tax: x })} error={errors.tax} />
      </div>
      <p className="text-sm" aria-live="polite">
        Total da linha (prévia): <strong>{preview === null ? "—" : formatBrl(preview)}</strong>
      </p>
      <label className="flex cursor-pointer items-start gap-2 text-sm">
        <input type="checkbox" className="checkbox checkbox-sm mt-0.5" checked={useAsDealValue} onChange={(e) => onUseAsDealValue(e.target.checked)} />
        <span>Usar total dos produtos como valor do negócio</span>
      </label>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={saving}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving && <ButtonSpinner />}
          {editing ? "Salvar produto" : "Adicionar produto"}
        </button>
      </div>
    </form>
  );
}
