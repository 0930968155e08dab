import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { ApiEndpoint } from "../../../../../src/schemas/dynamic-api";
import { Icon } from "../../../../components/ui/icons";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { METHOD_BADGE } from "./types";

const pretty = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v, null, 2));

/** Arguments the console asks for: declared parameters plus path placeholders nobody declared. */
function fieldsOf(ep: ApiEndpoint) {
  const declared = ep.parameters.map((p) => ({ name: p.name, type: p.type, required: p.required || p.in === "path" }));
  const extra = [...ep.path.matchAll(/\{([^{}/]+)\}/g)]
    .map((m) => m[1] ?? "")
    .filter((n) => n && !declared.some((p) => p.name === n))
    .map((name) => ({ name, type: "string", required: true }));
  return [...declared, ...extra];
}

/** Typed text into the argument's JSON type (numbers and booleans as the API expects them). */
function coerce(type: string, raw: string): unknown {
  if (type === "number" || type === "integer") return Number(raw);
  if (type === "boolean") return raw === "true";
  return raw;
}

/** Test console of one selected endpoint: one real call through the server, its status, time and body. */
export function TestConsole({ apiId, endpoint, onRan }: { apiId: string; endpoint: ApiEndpoint; onRan: () => void }) {
  const fields = fieldsOf(endpoint);
  const hasBody = ["POST", "PUT", "PATCH"].includes(endpoint.method);
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState("");
  const [bodyError, setBodyError] = useState<string | null>(null);
  const run = useMutation(trpc.dynamicApi.test.mutationOptions({ onSettled: onRan }));
  const r = run.data;

  function execute() {
    const args: Record<string, unknown> = {};
    for (const f of fields) if (values[f.name]?.trim()) args[f.name] = coerce(f.type, values[f.name]?.trim() ?? "");
    if (hasBody && body.trim()) {
      try {
        args.body = JSON.parse(body);
      } catch {
        setBodyError("Corpo deve ser um JSON válido");
        return;
      }
    }
    setBodyError(null);
    run.mutate({ id: apiId, endpointKey: endpoint.key, args });
  }

  return (
    <section aria-label={`Console de teste ${endpoint.key}`} className="rounded-box border border-base-300 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`badge badge-sm font-mono ${METHOD_BADGE[endpoint.method] ?? "badge-ghost"}`}>{endpoint.method}</span>
        <span className="break-all font-mono text-sm">{endpoint.path}</span>
        {endpoint.summary && <span className="text-base-content/60 text-xs">{endpoint.summary}</span>}
      </div>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        {fields.map((f) => (
          <label key={f.name} className="form-control">
            <span className="label-text mb-1 text-xs">
              {f.name}
              {f.required ? " *" : ""}
            </span>
            <input className="input input-bordered input-sm w-40" value={values[f.name] ?? ""} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
          </label>
        ))}
        <button type="button" className="btn btn-primary btn-sm" disabled={run.isPending} onClick={execute}>
          {run.isPending ? <span className="loading loading-spinner loading-xs" /> : <Icon name="play" className="size-4" />}
          Executar
        </button>
      </div>
      {hasBody && (
        <label className="form-control mt-2">
          <span className="label-text mb-1 text-xs">Corpo JSON</span>
          <textarea className="textarea textarea-bordered font-mono text-xs" rows={3} value={body} onChange={(e) => setBody(e.target.value)} placeholder='{"nome": "Ana"}' />
          {bodyError && <span className="mt-1 text-error text-xs">{bodyError}</span>}
        </label>
      )}
      {run.isError && <p className="mt-2 text-error text-sm">{trpcErrorMessage(run.error, "Não foi possível executar.")}</p>}
      {r && (
        <div role="status" className="mt-2 rounded-box bg-base-200 p-3 text-sm">
          <p className={r.ok ? "text-success" : "text-error"}>
            {r.ok ? "Sucesso" : "Falhou"}
            {r.status ? ` · HTTP ${r.status}` : ""} · {r.durationMs} ms
          </p>
          {r.error && <p className="mt-1">{r.error}</p>}
          {Object.keys(r.headers).length > 0 && (
            <p className="mt-1 break-all text-base-content/60 text-xs">
              {Object.entries(r.headers)
                .map(([k, v]) => `${k}: ${v}`)
                .join(" · ")}
            </p>
          )}
          {r.body !== null && <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap text-xs">{pretty(r.body).slice(0, 5000)}</pre>}
        </div>
      )}
    </section>
  );
}
