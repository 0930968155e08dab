import { httpMethods, internalTools, webhookWhen } from "../../../../../src/schemas/agents";
import { NumberInput, SelectInput, TextArea, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import type { FieldErrors } from "../../../../lib/form-errors";
import { ACTION_LABELS, type HeaderDraft, type IntentDraft, TOOL_LABELS, WHEN_LABELS } from "./intent-draft";

type Props = { draft: IntentDraft; onChange: (patch: Partial<IntentDraft>) => void; errors: FieldErrors };

/** What the agent does when the intent is recognised: a ready answer, a webhook call or an internal tool. */
export function IntentActionFields({ draft, onChange, errors }: Props) {
  const w = draft.webhook;
  const setW = (patch: Partial<IntentDraft["webhook"]>) => onChange({ webhook: { ...w, ...patch } });
  // A renamed header has no stored value under its new name: it needs one typed.
  const setHeader = (i: number, patch: Partial<HeaderDraft>) =>
    setW({ headers: w.headers.map((h, j) => (j === i ? { ...h, ...patch, stored: patch.key === undefined ? h.stored : false } : h)) });

  return (
    <fieldset className="rounded-box border border-base-300 p-4">
      <legend className="px-1 font-medium text-sm">Ação</legend>
      <div role="radiogroup" aria-label="Tipo de ação" className="mb-4 flex flex-wrap gap-2">
        {(Object.keys(ACTION_LABELS) as IntentDraft["actionType"][]).map((t) => (
          <label key={t} className={`btn btn-sm ${draft.actionType === t ? "btn-primary" : "btn-outline border-base-300"}`}>
            <input type="radio" className="hidden" name="intent-action" checked={draft.actionType === t} onChange={() => onChange({ actionType: t })} />
            {ACTION_LABELS[t]}
          </label>
        ))}
      </div>

      {draft.actionType === "simple_response" && (
        <TextArea
          label="Resposta"
          value={draft.simpleResponse}
          onChange={(x) => onChange({ simpleResponse: x })}
          error={errors["action.simpleResponse"]}
          max={1000}
          rows={3}
          placeholder="Ex.: Nosso horário é de segunda a sábado, das 8h às 18h."
        />
      )}

      {draft.actionType === "internal_tool" && (
        <SelectInput
          label="Ferramenta"
          value={draft.internalTool}
          onChange={(x) => onChange({ internalTool: x })}
          options={internalTools.map((t) => ({ value: t, label: TOOL_LABELS[t] }))}
          error={errors["action.internalTool"]}
        />
      )}

      {draft.actionType === "webhook" && (
        <div className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
            <SelectInput label="Método" value={w.method} onChange={(x) => setW({ method: x })} options={httpMethods.map((m) => ({ value: m, label: m }))} error={errors["action.webhook.method"]} />
            <TextInput label="URL do webhook" value={w.url} onChange={(x) => setW({ url: x })} error={errors["action.webhook.url"]} placeholder="https://meu-sistema.com.br/webhook" />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <NumberInput label="Tempo limite" suffix="s" min={1} max={30} value={w.timeout} onChange={(x) => setW({ timeout: x })} error={errors["action.webhook.timeout"]} />
            <NumberInput label="Tentativas" min={0} max={5} value={w.retries} onChange={(x) => setW({ retries: x })} error={errors["action.webhook.retries"]} />
            <SelectInput label="Quando chamar" value={w.when} onChange={(x) => setW({ when: x })} options={webhookWhen.map((x) => ({ value: x, label: WHEN_LABELS[x] }))} error={errors["action.webhook.when"]} />
          </div>
          <div className="divide-y divide-base-300 rounded-box border border-base-300 px-4">
            <ToggleRow label="Enviar parâmetros" description="Os dados extraídos da mensagem vão no corpo da chamada." checked={w.sendParameters} onChange={(x) => setW({ sendParameters: x })} />
            <ToggleRow label="Enviar dados do cliente" description="Nome e contato do cliente vão junto na chamada." checked={w.sendUserData} onChange={(x) => setW({ sendUserData: x })} />
          </div>
          <div>
            <div className="mb-2 flex items-center justify-between">
              <p className="font-medium text-sm">Cabeçalhos</p>
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => setW({ headers: [...w.headers, { key: "", value: "", stored: false }] })}>
                <Icon name="plus" className="size-3.5" />
                Adicionar cabeçalho
              </button>
            </div>
            {w.headers.length === 0 && <p className="text-base-content/50 text-xs">Nenhum cabeçalho.</p>}
            <ul className="flex flex-col gap-2">
              {w.headers.map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity besides their position
                <li key={i} className="flex gap-2">
                  <input className="input input-sm w-40" placeholder="Nome" aria-label={`Nome do cabeçalho ${i + 1}`} value={h.key} onChange={(e) => setHeader(i, { key: e.target.value })} />
                  <input
                    className="input input-sm flex-1"
                    type="password"
                    autoComplete="off"
                    placeholder={h.stored ? "••• (definido)" : "Valor"}
                    aria-label={`Valor do cabeçalho ${i + 1}`}
                    title={h.stored ? "Valor definido: deixe em branco para manter ou digite um novo para substituir" : undefined}
                    value={h.value}
                    onChange={(e) => setHeader(i, { value: e.target.value })}
                  />
                  {h.stored && !h.value && <span className="badge badge-ghost badge-sm self-center whitespace-nowrap">valor definido</span>}
                  <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={`Remover cabeçalho ${i + 1}`} onClick={() => setW({ headers: w.headers.filter((_, j) => j !== i) })}>
                    <Icon name="x" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </fieldset>
  );
}
