import { useMutation } from "@tanstack/react-query";
import { type ChangeEvent, useRef, useState } from "react";
import { Icon } from "../../../../components/ui/icons";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { type DynamicApiRow, METHOD_BADGE, configOf, toDefinition } from "./types";

const DETECTION_LABELS: Record<string, string> = { openapi: "OpenAPI 3", swagger: "Swagger 2", real_endpoints: "endpoints reais", manual: "manual" };

/** "Descobrir endpoints" from the documentation URL or an uploaded file, then the checklist to save. */
export function DiscoverPanel({ api, onChanged }: { api: DynamicApiRow; onChanged: () => void }) {
  const toast = useToast();
  const cfg = configOf(api);
  const [url, setUrl] = useState(cfg.apiUrl ?? "");
  const [ticked, setTicked] = useState<Set<string>>(() => new Set(cfg.discoveredEndpoints.filter((e) => e.selected).map((e) => e.key)));
  const file = useRef<HTMLInputElement>(null);
  const fail = (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  const discover = useMutation(
    trpc.dynamicApi.discover.mutationOptions({
      onSuccess: (r) => {
        toast({ title: `${r.endpoints.length} endpoints encontrados (${DETECTION_LABELS[r.detectionMethod] ?? r.detectionMethod})` });
        setTicked(new Set(r.endpoints.filter((e) => e.selected).map((e) => e.key)));
        onChanged();
      },
      onError: fail("Erro ao descobrir endpoints"),
    }),
  );
  const save = useMutation(
    trpc.dynamicApi.saveEndpoints.mutationOptions({
      onSuccess: () => {
        toast({ title: "Seleção salva" });
        onChanged();
      },
      onError: fail("Erro ao salvar seleção"),
    }),
  );

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    e.target.value = "";
    if (f) discover.mutate({ id: api.id, document: await f.text() });
  }
  const toggle = (key: string) =>
    setTicked((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const manual = cfg.endpoints.filter((e) => e.source === "manual").map(toDefinition);

  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-medium">Descobrir endpoints</h3>
      <div className="flex flex-wrap items-end gap-2">
        <label className="form-control min-w-64 flex-1">
          <span className="label-text mb-1 text-sm">URL do documento OpenAPI/Swagger</span>
          <input className="input input-bordered w-full" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://api.minhaloja.com.br/openapi.json" />
        </label>
        <button type="button" className="btn btn-primary" disabled={discover.isPending} onClick={() => discover.mutate({ id: api.id, ...(url.trim() ? { url: url.trim() } : {}) })}>
          {discover.isPending ? <ButtonSpinner /> : <Icon name="search" className="size-4" />}
          Descobrir endpoints
        </button>
        <button type="button" className="btn btn-outline" disabled={discover.isPending} onClick={() => file.current?.click()}>
          <Icon name="upload" className="size-4" />
          Enviar arquivo
        </button>
        <input ref={file} type="file" accept=".json,.yaml,.yml,application/json,application/yaml,text/yaml" className="hidden" aria-label="Arquivo OpenAPI ou Swagger" onChange={upload} />
      </div>
      {cfg.discoveredEndpoints.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-base-content/70 text-sm">
            Endpoints encontrados{cfg.detectionMethod ? ` (${DETECTION_LABELS[cfg.detectionMethod] ?? cfg.detectionMethod})` : ""}: marque os que o agente pode usar.
          </legend>
          <ul className="flex flex-col gap-1" aria-label="Endpoints descobertos">
            {cfg.discoveredEndpoints.map((e) => (
              <li key={e.key}>
                <label className="flex cursor-pointer items-start gap-3 rounded-field px-2 py-1.5 hover:bg-base-200">
                  <input type="checkbox" className="checkbox checkbox-sm mt-0.5" checked={ticked.has(e.key)} onChange={() => toggle(e.key)} aria-label={e.key} />
                  <span className={`badge badge-sm font-mono ${METHOD_BADGE[e.method] ?? "badge-ghost"}`}>{e.method}</span>
                  <span className="min-w-0">
                    <span className="block break-all font-mono text-sm">{e.path}</span>
                    {e.summary && <span className="block text-base-content/60 text-xs">{e.summary}</span>}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <div>
            <button type="button" className="btn btn-primary btn-sm" disabled={save.isPending} onClick={() => save.mutate({ id: api.id, selected: [...ticked], manual })}>
              {save.isPending && <ButtonSpinner />}
              Salvar seleção
            </button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
