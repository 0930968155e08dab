import { useMutation } from "@tanstack/react-query";
import Papa from "papaparse";
import { useId, useState } from "react";
import { CSV_MAX_CHARS, CSV_MAX_ROWS } from "../../../../src/schemas/campaigns/lists";
import { Dialog } from "../../../components/ui/dialog";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { formatNumber } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { OutcomeReport } from "./add-members";
import { type FillOutcome, useFillDone } from "./use-campaign-lists";

type Field = "phone" | "name" | "company" | "role" | "city";
const FIELDS: [Field, string, RegExp][] = [
  ["phone", "Telefone", /telefone|celular|whats|phone|fone|numero|número/i],
  ["name", "Nome", /^nome|name|contato/i],
  ["company", "Empresa", /empresa|company|neg[óo]cio/i],
  ["role", "Cargo", /cargo|fun[çc][ãa]o|role|categoria/i],
  ["city", "Cidade", /cidade|city|munic/i],
];
type Parsed = { text: string; headers: string[]; rows: Record<string, string>[]; total: number };

/** A CSV with a header row: map its columns, see the first rows, keep other columns as {{coluna}}. */
export function CsvDialog({ listId, onClose }: { listId: string; onClose: () => void }) {
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [mapping, setMapping] = useState<Partial<Record<Field, string>>>({});
  const [extra, setExtra] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<FillOutcome | null>(null);
  const fileId = useId();
  const done = useFillDone();
  const toast = useToast();
  const add = useMutation(
    trpc.campaigns.lists.addFromCsv.mutationOptions({
      onSuccess: async (o) => {
        setOutcome(o);
        await done(o);
      },
      onError: (e) => toast({ variant: "destructive", title: "Não foi possível importar o CSV", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );
  async function read(file: File) {
    setOutcome(null);
    setError(null);
    const text = (await file.text()).replace(/^\uFEFF/, "");
    if (text.length > CSV_MAX_CHARS) return setError("Arquivo muito grande (máximo 5 MB): divida-o em partes");
    const r = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim() });
    const headers = r.meta.fields ?? [];
    if (!headers.length) return setError("O arquivo não tem linha de cabeçalho");
    if (r.data.length > CSV_MAX_ROWS) return setError(`O arquivo tem ${formatNumber(r.data.length)} linhas; envie até ${formatNumber(CSV_MAX_ROWS)} por vez (divida o arquivo em partes)`);
    const guess: Partial<Record<Field, string>> = {};
    for (const [f, , re] of FIELDS) {
      const h = headers.find((x) => re.test(x) && !Object.values(guess).includes(x));
      if (h) guess[f] = h;
    }
    setMapping(guess);
    setExtra(new Set(headers.filter((h) => !Object.values(guess).includes(h))));
    setParsed({ text, headers, rows: r.data.slice(0, 5), total: r.data.length });
  }
  const mapped = new Set(Object.values(mapping).filter(Boolean));
  return (
    <Dialog
      open
      onClose={onClose}
      title="Importar CSV"
      size="lg"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={add.isPending}>
            {outcome ? "Fechar" : "Cancelar"}
          </button>
          <button type="submit" form="csv-form" className="btn btn-primary" disabled={add.isPending || !parsed || !mapping.phone}>
            {add.isPending && <ButtonSpinner />}
            Importar {parsed ? `${formatNumber(parsed.total)} linhas` : ""}
          </button>
        </>
      }
    >
      <form
        id="csv-form"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!parsed || !mapping.phone) return;
          const extraColumns = [...extra].filter((h) => !mapped.has(h));
          add.mutate({ listId, csv: parsed.text, mapping: { ...mapping, phone: mapping.phone }, extraColumns });
        }}
      >
        <label htmlFor={fileId} className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Arquivo CSV (com cabeçalho, separado por vírgula ou ponto e vírgula)</span>
          <input id={fileId} type="file" accept=".csv,text/csv" className="file-input" onChange={(e) => e.target.files?.[0] && read(e.target.files[0])} />
        </label>
        {error && (
          <p role="alert" className="text-error text-sm">
            {error}
          </p>
        )}
        {parsed && (
          <>
            <fieldset className="grid grid-cols-2 gap-2 md:grid-cols-3">
              <legend className="mb-1 font-medium text-sm">Colunas</legend>
              {FIELDS.map(([f, label]) => (
                <label key={f} className="flex flex-col gap-1 text-xs">
                  <span className="font-medium">
                    {label}
                    {f === "phone" && " (obrigatório)"}
                  </span>
                  <select className="select select-sm" value={mapping[f] ?? ""} onChange={(e) => setMapping({ ...mapping, [f]: e.target.value || undefined })}>
                    <option value="">Não importar</option>
                    {parsed.headers.map((h) => (
                      <option key={h} value={h}>
                        {h}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </fieldset>
            {parsed.headers.some((h) => !mapped.has(h)) && (
              <fieldset className="flex flex-wrap gap-3">
                <legend className="mb-1 font-medium text-sm">Colunas extras (viram variáveis {"{{coluna}}"} nas mensagens)</legend>
                {parsed.headers
                  .filter((h) => !mapped.has(h))
                  .map((h) => (
                    <label key={h} className="flex items-center gap-1 text-sm">
                      <input
                        type="checkbox"
                        className="checkbox checkbox-sm"
                        checked={extra.has(h)}
                        onChange={(e) =>
                          setExtra((s) => {
                            const next = new Set(s);
                            if (e.target.checked) next.add(h);
                            else next.delete(h);
                            return next;
                          })
                        }
                      />
                      {h}
                    </label>
                  ))}
              </fieldset>
            )}
            <div className="overflow-x-auto rounded-box border border-base-300">
              <table className="table-xs table">
                <caption className="p-1 text-left text-base-content/70 text-xs">Prévia: primeiras linhas de {formatNumber(parsed.total)}</caption>
                <thead>
                  <tr>
                    {parsed.headers.map((h) => (
                      <th key={h} scope="col">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {parsed.rows.map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity
                    <tr key={i}>
                      {parsed.headers.map((h) => (
                        <td key={h}>{r[h]}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        {outcome && <OutcomeReport outcome={outcome} />}
      </form>
    </Dialog>
  );
}
