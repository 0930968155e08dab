import { type FormEvent, useState } from "react";
import { TextInput, ToggleRow } from "../../../components/ui/fields";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { TagInput } from "../../../components/ui/tag-input";
import { fieldErrors } from "../../../lib/form-errors";
import { PROVIDER_PRESETS, type ProviderDraft, providerForm, toSaveInput } from "../hooks/use-ai-providers";

type Props = {
  initial: ProviderDraft;
  editing: boolean;
  hasStoredKey: boolean;
  saving: boolean;
  serverError: string | null;
  onSave: (input: ReturnType<typeof toSaveInput>) => void;
  onCancel: () => void;
};

/** Add or edit one OpenAI-compatible provider. The stored key is never shown; blank keeps it. */
export function ProviderForm({ initial, editing, hasStoredKey, saving, serverError, onSave, onCancel }: Props) {
  const [d, setD] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const parsed = providerForm.safeParse(d);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const set = <K extends keyof ProviderDraft>(k: K, v: ProviderDraft[K]) => setD((cur) => ({ ...cur, [k]: v }));

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (parsed.success && !saving) onSave(toSaveInput(parsed.data));
  }

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? "Editar provedor" : "Novo provedor"} className="card border border-primary/30 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 className="card-title text-lg">{editing ? `Editar ${initial.displayName}` : "Novo provedor de IA"}</h2>
        {!editing && (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-base-content/60 text-sm">Começar de:</span>
            {PROVIDER_PRESETS.map((p) => (
              <button key={p.label} type="button" className="btn btn-outline btn-xs" onClick={() => setD((cur) => ({ ...cur, ...p.draft }))}>
                {p.label}
              </button>
            ))}
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="Identificador" value={d.provider} onChange={(x) => set("provider", x)} error={errors.provider} disabled={editing} placeholder="openai" hint="Letras minúsculas, números, - e _." />
          <TextInput label="Nome de exibição" value={d.displayName} onChange={(x) => set("displayName", x)} error={errors.displayName} placeholder="OpenAI" />
        </div>
        <TextInput
          label="URL base (opcional)"
          value={d.baseUrl}
          onChange={(x) => set("baseUrl", x)}
          error={errors.baseUrl}
          placeholder="https://api.openai.com/v1"
          hint="Deixe em branco para a OpenAI. Para OpenRouter, Ollama ou vLLM, informe o endereço da API compatível."
        />
        <TextInput
          label="Chave de API"
          type="password"
          value={d.apiKey}
          onChange={(x) => set("apiKey", x)}
          error={errors.apiKey}
          disabled={d.removeKey}
          placeholder={hasStoredKey ? "•••••••• (chave salva; deixe em branco para manter)" : "sk-..."}
          hint="A chave é guardada criptografada e nunca é exibida de novo."
        />
        {hasStoredKey && (
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="checkbox" className="checkbox checkbox-sm" checked={d.removeKey} onChange={(e) => set("removeKey", e.target.checked)} />
            Remover a chave salva (servidores sem chave, como Ollama)
          </label>
        )}
        <TagInput
          label="Modelos disponíveis"
          values={d.availableModels}
          onChange={(x) => setD((cur) => ({ ...cur, availableModels: x, selectedModels: cur.selectedModels.filter((m) => x.includes(m)) }))}
          error={errors.availableModels}
          placeholder="gpt-4o-mini"
          hint="Modelos que este provedor oferece. Digite e pressione Enter."
        />
        {d.availableModels.length > 0 && (
          <fieldset>
            <legend className="mb-1 font-medium text-sm">Modelos habilitados para os agentes</legend>
            <div className="flex flex-wrap gap-3">
              {d.availableModels.map((m) => (
                <label key={m} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm checkbox-primary"
                    checked={d.selectedModels.includes(m)}
                    onChange={(e) => set("selectedModels", e.target.checked ? [...d.selectedModels, m] : d.selectedModels.filter((x) => x !== m))}
                  />
                  {m}
                </label>
              ))}
            </div>
            <p className="mt-1 text-base-content/60 text-xs">Sem nenhum marcado, todos os disponíveis ficam liberados.</p>
          </fieldset>
        )}
        <div className="rounded-box border border-base-300 px-4">
          <ToggleRow label="Provedor ativo" description="Só provedores ativos atendem os agentes." checked={d.isActive} onChange={(x) => set("isActive", x)} />
        </div>
        {serverError && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {serverError}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={saving}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving && <ButtonSpinner />}
            Salvar provedor
          </button>
        </div>
      </div>
    </form>
  );
}
