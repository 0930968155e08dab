import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { httpMethods } from "../../../../../src/schemas/agents";
import { endpointDefinition } from "../../../../../src/schemas/dynamic-api";
import { SelectInput, TextInput } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { fieldErrors } from "../../../../lib/form-errors";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { type DynamicApiRow, configOf, toDefinition } from "./types";

const METHOD_OPTIONS = httpMethods.map((m) => ({ value: m, label: m }));

/** An endpoint typed by hand (SPEC §5 "Endpoint definition"): path placeholders ({id}) become path parameters. */
export function ManualEndpointForm({ api, onChanged }: { api: DynamicApiRow; onChanged: () => void }) {
  const toast = useToast();
  const cfg = configOf(api);
  const [d, setD] = useState({ name: "", method: "GET" as (typeof httpMethods)[number], path: "", summary: "", query: "" });
  const [submitted, setSubmitted] = useState(false);
  const def = useMemo(() => {
    const path = d.path.trim();
    const pathParams = [...path.matchAll(/\{([^{}/]+)\}/g)].map((m) => ({ name: m[1] ?? "", in: "path" as const, required: true }));
    const queryParams = d.query
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .map((name) => ({ name, in: "query" as const, required: false }));
    return { name: d.name, method: d.method, path, summary: d.summary, parameters: [...pathParams, ...queryParams] };
  }, [d]);
  const parsed = endpointDefinition.safeParse(def);
  const errors = submitted && !parsed.success ? fieldErrors(parsed.error) : {};
  const save = useMutation(
    trpc.dynamicApi.saveEndpoints.mutationOptions({
      onSuccess: () => {
        toast({ title: "Endpoint adicionado" });
        setD({ name: "", method: "GET", path: "", summary: "", query: "" });
        setSubmitted(false);
        onChanged();
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao adicionar endpoint", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!parsed.success || save.isPending) return;
    const selected = cfg.discoveredEndpoints.filter((x) => x.selected).map((x) => x.key);
    const manual = [...cfg.endpoints.filter((x) => x.source === "manual").map(toDefinition), def];
    save.mutate({ id: api.id, selected, manual });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Endpoint manual" className="flex flex-col gap-3">
      <h3 className="font-medium">Adicionar endpoint manualmente</h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <TextInput label="Nome do endpoint" value={d.name} onChange={(x) => setD({ ...d, name: x })} error={errors.name} max={100} placeholder="Ex.: consultar estoque" />
        <SelectInput label="Método" value={d.method} onChange={(x) => setD({ ...d, method: x })} options={METHOD_OPTIONS} error={errors.method} />
      </div>
      <TextInput label="Caminho" value={d.path} onChange={(x) => setD({ ...d, path: x })} error={errors.path} max={500} placeholder="/estoque/{sku}" />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput label="Resumo" value={d.summary} onChange={(x) => setD({ ...d, summary: x })} error={errors.summary} max={200} placeholder="O que este endpoint faz" />
        <TextInput label="Parâmetros de consulta" value={d.query} onChange={(x) => setD({ ...d, query: x })} hint="Nomes separados por vírgula" />
      </div>
      <div>
        <button type="submit" className="btn btn-outline btn-sm" disabled={save.isPending}>
          {save.isPending && <ButtonSpinner />}
          Adicionar endpoint
        </button>
      </div>
    </form>
  );
}
