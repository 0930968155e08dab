import { useMutation, useQueryClient } from "@tanstack/react-query";
import Papa from "papaparse";
import { useState } from "react";
import { LEAD_CSV_FIELD_LABEL, LEAD_LIMITS, leadCsvFields } from "../../../../src/schemas/campaigns/leads";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";

type Field = (typeof leadCsvFields)[number];

/** Guesses a column's field from its header ("Telefone", "e-mail", "site"…). */
function guess(header: string): Field | "" {
  const h = header.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  if (/empresa|nome|razao|negocio/.test(h)) return "businessName";
  if (/fone|celular|whats/.test(h)) return "phone";
  if (/mail/.test(h)) return "email";
  if (/site|url/.test(h)) return "website";
  if (/categoria|segmento|ramo/.test(h)) return "category";
  if (/endereco|rua/.test(h)) return "address";
  if (/cidade|municipio/.test(h)) return "city";
  return "";
}

/** A custom list's CSV: pick the file, map its columns, import (deduplicated by phone in the list). */
export function CsvImport({ listId }: { listId: string }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [file, setFile] = useState<{ name: string; csv: string; header: { col: string; name: string }[] } | null>(null);
  const [mapping, setMapping] = useState<Record<string, Field | "">>({});
  const [error, setError] = useState<string | null>(null);
  const run = useMutation(
    trpc.leads.lists.importCsv.mutationOptions({
      onSuccess: async (r) => {
        toast({ title: "CSV importado", description: `${r.added} novo(s), ${r.duplicates} repetido(s), ${r.invalid} sem nome` });
        setFile(null);
        await qc.invalidateQueries({ queryKey: trpc.leads.pathKey() });
      },
      onError: (e) => setError(trpcErrorMessage(e, "Não foi possível importar o arquivo.")),
    }),
  );
  async function pick(f: File | undefined) {
    setError(null);
    if (!f) return;
    if (f.size > LEAD_LIMITS.csvMaxBytes) return setError("Arquivo maior que 2 MB");
    const csv = await f.text();
    const header = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { preview: 1, skipEmptyLines: true }).data[0] ?? [];
    if (!header.length) return setError("O arquivo não tem cabeçalho");
    // Columns are positional: the mapping is keyed by the column number, as the server reads it.
    setFile({ name: f.name, csv, header: header.map((name, i) => ({ col: String(i), name })) });
    setMapping(Object.fromEntries(header.map((h, i) => [String(i), guess(h)])));
  }
  const chosen = Object.fromEntries(Object.entries(mapping).filter((e): e is [string, Field] => e[1] !== ""));
  const hasName = Object.values(chosen).includes("businessName");
  return (
    <div className="flex flex-col gap-4">
      <label className="flex flex-col gap-1">
        <span className="font-medium text-sm">Arquivo CSV (até 2 MB, {LEAD_LIMITS.csvMaxRows.toLocaleString("pt-BR")} linhas)</span>
        <input type="file" accept=".csv,text/csv" className="file-input w-full max-w-md" onChange={(e) => void pick(e.target.files?.[0])} />
      </label>
      {file && (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {file.header.map((h) => (
            <label key={h.col} className="flex flex-col gap-1">
              <span className="text-sm">Coluna “{h.name || `#${Number(h.col) + 1}`}”</span>
              <select className="select w-full" value={mapping[h.col] ?? ""} onChange={(e) => setMapping({ ...mapping, [h.col]: e.target.value as Field | "" })}>
                <option value="">Ignorar</option>
                {leadCsvFields.map((f) => (
                  <option key={f} value={f}>
                    {LEAD_CSV_FIELD_LABEL[f]}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
      {error && (
        <p role="alert" className="text-error text-sm">
          {error}
        </p>
      )}
      {file && (
        <div className="flex justify-end">
          <button type="button" className="btn btn-primary" disabled={!hasName || run.isPending} onClick={() => run.mutate({ listId, csv: file.csv, mapping: chosen })}>
            {run.isPending && <ButtonSpinner />}
            {hasName ? "Importar leads" : "Escolha a coluna do nome da empresa"}
          </button>
        </div>
      )}
    </div>
  );
}
