import { type FollowUpStep, followUpActions } from "../../../../../src/schemas/agents";
import { NumberInput, SelectInput, TextArea, TextInput } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import type { FieldErrors } from "../../../../lib/form-errors";
import { VARIABLES_HINT } from "../../../../../src/schemas/crm/template";

export type StepDraft = Omit<FollowUpStep, "transferWhatsappNumber"> & { transferWhatsappNumber: string };

const ACTION_LABELS: Record<(typeof followUpActions)[number], string> = {
  send_message: "Enviar mensagem",
  transfer_whatsapp: "Transferir para um WhatsApp",
  close: "Encerrar o atendimento",
};
const MAX_STEPS = 10;

type Props = { steps: StepDraft[]; onChange: (steps: StepDraft[]) => void; errors: FieldErrors; errorPrefix: string };

/** Follow-up: what happens when the customer goes quiet, step by step. `order` always follows the list. */
export function FollowUpSteps({ steps, onChange, errors, errorPrefix }: Props) {
  const commit = (next: StepDraft[]) => onChange(next.map((s, i) => ({ ...s, order: i })));
  const update = (i: number, patch: Partial<StepDraft>) => commit(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...steps];
    const [item] = next.splice(i, 1);
    if (item) next.splice(i + by, 0, item);
    commit(next);
  };
  const add = () =>
    commit([...steps, { id: crypto.randomUUID(), timeout: 60, action: "send_message", message: "", order: steps.length, transferWhatsappNumber: "" }]);
  const err = (i: number, key: string) => errors[`${errorPrefix}.${i}.${key}`];

  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-2">
        <div>
          <p className="font-medium text-sm">Follow-up</p>
          <p className="text-base-content/60 text-xs">Etapas executadas, em ordem, quando o cliente para de responder.</p>
        </div>
        <button type="button" className="btn btn-sm btn-outline" onClick={add} disabled={steps.length >= MAX_STEPS}>
          <Icon name="plus" className="size-4" />
          Adicionar etapa
        </button>
      </div>
      {steps.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed p-4 text-center text-base-content/60 text-sm">Nenhuma etapa de follow-up.</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Etapas de follow-up">
          {steps.map((s, i) => (
            <li key={s.id} className="rounded-box border border-base-300 p-4">
              <div className="mb-3 flex items-center justify-between">
                <span className="badge badge-primary badge-soft">Etapa {i + 1}</span>
                <div className="flex gap-1">
                  <button type="button" className="btn btn-ghost btn-xs btn-square" aria-label={`Mover etapa ${i + 1} para cima`} disabled={i === 0} onClick={() => move(i, -1)}>
                    <Icon name="arrowUp" className="size-4" />
                  </button>
                  <button type="button" className="btn btn-ghost btn-xs btn-square" aria-label={`Mover etapa ${i + 1} para baixo`} disabled={i === steps.length - 1} onClick={() => move(i, 1)}>
                    <Icon name="arrowDown" className="size-4" />
                  </button>
                  <button type="button" className="btn btn-ghost btn-xs btn-square text-error" aria-label={`Remover etapa ${i + 1}`} onClick={() => commit(steps.filter((_, j) => j !== i))}>
                    <Icon name="trash" className="size-4" />
                  </button>
                </div>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <NumberInput label="Esperar" suffix="minutos" min={1} max={10080} value={s.timeout} onChange={(x) => update(i, { timeout: x })} error={err(i, "timeout")} />
                <SelectInput
                  label="Ação"
                  value={s.action}
                  onChange={(x) => update(i, { action: x })}
                  options={followUpActions.map((a) => ({ value: a, label: ACTION_LABELS[a] }))}
                  error={err(i, "action")}
                />
              </div>
              {s.action === "transfer_whatsapp" && (
                <TextInput
                  className="mt-3"
                  label="WhatsApp de destino"
                  value={s.transferWhatsappNumber}
                  onChange={(x) => update(i, { transferWhatsappNumber: x })}
                  error={err(i, "transferWhatsappNumber")}
                  placeholder="+5511999998888"
                />
              )}
              <TextArea className="mt-3" label="Mensagem" value={s.message} onChange={(x) => update(i, { message: x })} error={err(i, "message")} max={512} rows={2} hint={VARIABLES_HINT} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
