import { intentParamTypes } from "../../../../../src/schemas/agents";
import { SelectInput, TextInput } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { TagInput } from "../../../../components/ui/tag-input";
import type { FieldErrors } from "../../../../lib/form-errors";
import { PARAM_TYPE_LABELS, type ParamDraft } from "./intent-draft";

type Props = { params: ParamDraft[]; onChange: (next: ParamDraft[]) => void; errors: FieldErrors };

/** Data the agent should pick out of the customer's message (e.g. order number, date). */
export function IntentParams({ params, onChange, errors }: Props) {
  const update = (i: number, patch: Partial<ParamDraft>) => onChange(params.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const err = (i: number, key: string) => errors[`parameters.${i}.${key}`];
  return (
    <fieldset className="rounded-box border border-base-300 p-4">
      <legend className="px-1 font-medium text-sm">Parâmetros</legend>
      <div className="mb-3 flex items-center justify-between gap-2">
        <p className="text-base-content/60 text-xs">Informações que o agente deve extrair da mensagem do cliente.</p>
        <button
          type="button"
          className="btn btn-outline btn-xs"
          disabled={params.length >= 20}
          onClick={() => onChange([...params, { name: "", type: "text", required: false, examples: [], description: "" }])}
        >
          <Icon name="plus" className="size-3.5" />
          Adicionar parâmetro
        </button>
      </div>
      {params.length === 0 && <p className="text-base-content/50 text-xs">Nenhum parâmetro.</p>}
      <ul className="flex flex-col gap-3">
        {params.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: parameters are edited in place; the name may be blank
          <li key={i} className="rounded-box bg-base-200 p-3">
            <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto]">
              <TextInput label="Nome" value={p.name} onChange={(x) => update(i, { name: x })} error={err(i, "name")} placeholder="numero_pedido" />
              <SelectInput label="Tipo" value={p.type} onChange={(x) => update(i, { type: x })} options={intentParamTypes.map((t) => ({ value: t, label: PARAM_TYPE_LABELS[t] }))} error={err(i, "type")} />
              <div className="flex items-end gap-2 pb-2">
                <label className="flex cursor-pointer items-center gap-2 text-sm">
                  <input type="checkbox" className="checkbox checkbox-sm" checked={p.required} onChange={(e) => update(i, { required: e.target.checked })} />
                  Obrigatório
                </label>
                <button type="button" className="btn btn-ghost btn-sm btn-square text-error" aria-label={`Remover parâmetro ${i + 1}`} onClick={() => onChange(params.filter((_, j) => j !== i))}>
                  <Icon name="trash" className="size-4" />
                </button>
              </div>
            </div>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              <TextInput label="Descrição" value={p.description} onChange={(x) => update(i, { description: x })} error={err(i, "description")} max={200} />
              <TagInput label="Exemplos" values={p.examples} onChange={(x) => update(i, { examples: x })} error={err(i, "examples")} max={5} placeholder="Ex.: 12345" hint="Até 5 exemplos." />
            </div>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
