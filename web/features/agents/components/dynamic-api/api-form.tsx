import { type FormEvent, useEffect, useMemo, useState } from "react";
import { AUTH_LABELS, type DynamicApiInput, type DynamicAuthType, dynamicApiInput, dynamicAuthTypes } from "../../../../../src/schemas/dynamic-api";
import { SelectInput, TextArea, TextInput, ToggleRow } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { fieldErrors } from "../../../../lib/form-errors";
import { type DynamicApiRow, configOf } from "./types";

type Draft = {
  name: string;
  apiUrl: string;
  description: string;
  baseUrl: string;
  authType: DynamicAuthType;
  apiKey: string;
  apiKeyHeader: string;
  username: string;
  password: string;
  token: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  customHeaders: string;
  enabled: boolean;
};

function draftOf(api: DynamicApiRow | null): Draft {
  const c = api ? configOf(api) : null;
  return {
    name: c?.name ?? "",
    apiUrl: c?.apiUrl ?? "",
    description: c?.description ?? "",
    baseUrl: c?.baseUrl ?? "",
    authType: c?.authType ?? "none",
    apiKey: "",
    apiKeyHeader: c?.apiKeyHeader ?? "",
    username: c?.username ?? "",
    password: "",
    token: "",
    tokenUrl: c?.tokenUrl ?? "",
    clientId: c?.clientId ?? "",
    clientSecret: "",
    scope: c?.scope ?? "",
    customHeaders: "",
    enabled: api?.enabled ?? true,
  };
}

const AUTH_OPTIONS = dynamicAuthTypes.map((value) => ({ value, label: AUTH_LABELS[value] }));
/** Stored secrets are never sent to the browser: the field stays blank and says it is set. */
const secretHint = (set: boolean | undefined) => (set ? "••• definido — deixe em branco para manter" : undefined);

type Props = { api: DynamicApiRow | null; saving: boolean; onSubmit: (api: DynamicApiInput) => void; onCancel: () => void; onDirtyChange: (d: boolean) => void };

/** Name, base URL and authentication of one API, validated by dynamicApiInput (the server's contract). */
export function ApiForm({ api, saving, onSubmit, onCancel, onDirtyChange }: Props) {
  const initial = useMemo(() => draftOf(api), [api]);
  const [d, setD] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const patch = (p: Partial<Draft>) => setD((x) => ({ ...x, ...p }));
  const parsed = useMemo(() => dynamicApiInput.safeParse(d), [d]);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const c = api ? configOf(api) : null;
  const dirty = JSON.stringify(d) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (parsed.success && !saving) onSubmit(d);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={api ? "Editar API" : "Nova API"} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="Nome da API" value={d.name} onChange={(x) => patch({ name: x })} error={errors.name} max={100} placeholder="Ex.: Loja" autoFocus />
        <TextInput label="URL base" value={d.baseUrl} onChange={(x) => patch({ baseUrl: x })} error={errors.baseUrl} placeholder="https://api.minhaloja.com.br/v1" />
      </div>
      <TextInput label="URL da documentação (OpenAPI/Swagger)" value={d.apiUrl} onChange={(x) => patch({ apiUrl: x })} error={errors.apiUrl} placeholder="https://api.minhaloja.com.br/openapi.json" />
      <TextArea label="Descrição" value={d.description} onChange={(x) => patch({ description: x })} error={errors.description} max={500} rows={2} />
      <SelectInput label="Autenticação" value={d.authType} onChange={(x) => patch({ authType: x })} options={AUTH_OPTIONS} error={errors.authType} />
      {d.authType === "api-key" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="Chave de API" type="password" value={d.apiKey} onChange={(x) => patch({ apiKey: x })} error={errors.apiKey} hint={secretHint(c?.hasApiKey)} />
          <TextInput label="Nome do cabeçalho" value={d.apiKeyHeader} onChange={(x) => patch({ apiKeyHeader: x })} error={errors.apiKeyHeader} placeholder="X-API-Key" />
        </div>
      )}
      {d.authType === "basic" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="Usuário" value={d.username} onChange={(x) => patch({ username: x })} error={errors.username} max={100} />
          <TextInput label="Senha" type="password" value={d.password} onChange={(x) => patch({ password: x })} error={errors.password} hint={secretHint(c?.hasPassword)} />
        </div>
      )}
      {(d.authType === "bearer" || d.authType === "jwt") && (
        <TextInput label={d.authType === "jwt" ? "Token JWT" : "Token"} type="password" value={d.token} onChange={(x) => patch({ token: x })} error={errors.token} hint={secretHint(c?.hasToken)} />
      )}
      {d.authType === "oauth2" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="URL do token" value={d.tokenUrl} onChange={(x) => patch({ tokenUrl: x })} error={errors.tokenUrl} />
          <TextInput label="Escopo" value={d.scope} onChange={(x) => patch({ scope: x })} error={errors.scope} />
          <TextInput label="Client ID" value={d.clientId} onChange={(x) => patch({ clientId: x })} error={errors.clientId} />
          <TextInput label="Client secret" type="password" value={d.clientSecret} onChange={(x) => patch({ clientSecret: x })} error={errors.clientSecret} hint={secretHint(c?.hasClientSecret)} />
        </div>
      )}
      {d.authType === "custom" && (
        <TextArea
          label="Cabeçalhos personalizados (JSON)"
          value={d.customHeaders}
          onChange={(x) => patch({ customHeaders: x })}
          error={errors.customHeaders}
          max={2000}
          rows={3}
          placeholder='{"X-Tenant": "minha-loja"}'
          hint={secretHint(c?.hasCustomHeaders)}
        />
      )}
      <div className="rounded-box border border-base-300 px-4">
        <ToggleRow label="API ativa" description="Quando desativada, o agente não usa seus endpoints." checked={d.enabled} onChange={(x) => patch({ enabled: x })} />
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={saving}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving && <ButtonSpinner />}
          Salvar API
        </button>
      </div>
    </form>
  );
}
