import { useEffect, useId, useState } from "react";
import { IMPORT_STATUS_LABEL, type ImportMapping, type ImportStatus, guessImportMapping, importMapping } from "../../../../../src/schemas/crm/imports";
import { Dialog } from "../../../../components/ui/dialog";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { formatDateTime, formatNumber } from "../../../../lib/format";
import { trpcErrorMessage } from "../../../../lib/trpc";
import { type ParsedCsv, isLive, parseCsvFile, useCancelImport, useImportProgress, useRecentImports, useStartImport } from "../hooks/use-contact-import";
import { ImportMappingStep } from "./import-mapping-step";
import { ImportPreviewStep } from "./import-preview-step";
import { ImportReport, ImportRunning } from "./import-progress";

type Step = "file" | "mapping" | "preview" | "running" | "report";
const STEPS: { id: Step; label: string }[] = [
  { id: "file", label: "Arquivo" },
  { id: "mapping", label: "Mapeamento" },
  { id: "preview", label: "Pré-visualização" },
  { id: "running", label: "Importando" },
  { id: "report", label: "Relatório" },
];

/** CSV import: Arquivo → Mapeamento → Pré-visualização → Importando (the durable job) → Relatório. */
export function ContactImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [step, setStep] = useState<Step>("file");
  const [csv, setCsv] = useState<ParsedCsv | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [mappingError, setMappingError] = useState<string | null>(null);
  const [onDuplicate, setOnDuplicate] = useState<"update" | "skip">("skip");
  const [importId, setImportId] = useState<string | null>(null);
  const start = useStartImport();
  const progress = useImportProgress(importId);
  const cancel = useCancelImport();
  const toast = useToast();
  const imp = progress.data;

  // A fresh dialog each time it opens; an import left running keeps going on the server.
  useEffect(() => {
    if (!open) return;
    setStep("file");
    setCsv(null);
    setImportId(null);
    setOnDuplicate("skip");
    start.reset();
  }, [open, start.reset]);

  useEffect(() => {
    if (step === "running" && imp && !isLive(imp.status)) setStep("report");
  }, [step, imp]);

  const chooseFile = (parsed: ParsedCsv) => {
    setCsv(parsed);
    setMapping(guessImportMapping(parsed.headers));
    setMappingError(null);
    setStep("mapping");
  };
  const toPreview = () => {
    const checked = importMapping.safeParse(mapping);
    if (!checked.success) return setMappingError(checked.error.issues[0]?.message ?? "Mapeamento inválido");
    setMappingError(null);
    setStep("preview");
  };
  const begin = () => {
    if (!csv) return;
    start.mutate(
      { file: csv.file, mapping, onDuplicate },
      {
        onSuccess: (row) => {
          setImportId(row.id);
          setStep("running");
        },
      },
    );
  };
  const openExisting = (id: string, live: boolean) => {
    setImportId(id);
    setStep(live ? "running" : "report");
  };
  const close = () => {
    if (step === "running") toast({ title: "A importação continua", description: "Acompanhe em Importar CSV › Importações recentes." });
    onClose();
  };

  const current = STEPS.findIndex((s) => s.id === step);
  const actions = (
    <>
      {step === "mapping" && (
        <>
          <button type="button" className="btn btn-ghost" onClick={() => setStep("file")}>
            Voltar
          </button>
          <button type="button" className="btn btn-primary" onClick={toPreview}>
            Continuar
          </button>
        </>
      )}
      {step === "preview" && csv && (
        <>
          <button type="button" className="btn btn-ghost" onClick={() => setStep("mapping")} disabled={start.isPending}>
            Voltar
          </button>
          <button type="button" className="btn btn-primary" onClick={begin} disabled={start.isPending}>
            {start.isPending && <ButtonSpinner />}
            Importar {formatNumber(csv.totalRows)} {csv.totalRows === 1 ? "linha" : "linhas"}
          </button>
        </>
      )}
      {step === "running" && importId && (
        <button type="button" className="btn btn-ghost" disabled={cancel.isPending} onClick={() => cancel.mutate({ id: importId })}>
          Interromper importação
        </button>
      )}
      {(step === "report" || step === "file") && (
        <button type="button" className="btn" onClick={close}>
          Fechar
        </button>
      )}
    </>
  );

  return (
    <Dialog open={open} onClose={close} title="Importar contatos (CSV)" size="lg" actions={actions}>
      <ul className="steps steps-horizontal mb-4 w-full text-xs" aria-label="Etapas da importação">
        {STEPS.map((s, i) => (
          <li key={s.id} className={`step ${i <= current ? "step-primary" : ""}`} aria-current={i === current ? "step" : undefined}>
            {s.label}
          </li>
        ))}
      </ul>
      {step === "file" && <FileStep onParsed={chooseFile} onOpen={openExisting} />}
      {step === "mapping" && csv && <ImportMappingStep csv={csv} mapping={mapping} onChange={setMapping} error={mappingError} />}
      {step === "preview" && csv && <ImportPreviewStep csv={csv} mapping={mapping} onDuplicate={onDuplicate} onDuplicateChange={setOnDuplicate} />}
      {step === "running" && <ImportRunning imp={imp} />}
      {step === "report" && imp && <ImportReport imp={imp} />}
      {(start.error || cancel.error || progress.error) && (
        <p role="alert" className="mt-3 text-error text-sm">
          {trpcErrorMessage(start.error ?? cancel.error ?? progress.error, "Não foi possível concluir a ação.")}
        </p>
      )}
    </Dialog>
  );
}

/** Arquivo: the file picker (read in the browser first) and the workspace's recent imports. */
function FileStep({ onParsed, onOpen }: { onParsed: (csv: ParsedCsv) => void; onOpen: (id: string, live: boolean) => void }) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const recent = useRecentImports(true);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setReading(true);
    try {
      onParsed(await parseCsvFile(file));
    } catch (e) {
      setError(e instanceof Error ? e.message : "Não foi possível ler o arquivo.");
    } finally {
      setReading(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <div>
        <label htmlFor={inputId} className="mb-1 block font-medium text-sm">
          Arquivo CSV
        </label>
        <input id={inputId} type="file" accept=".csv,text/csv" className="file-input w-full" aria-describedby={`${inputId}-hint`} disabled={reading} onChange={(e) => void pick(e.target.files?.[0])} />
        <p id={`${inputId}-hint`} className="mt-1 text-base-content/60 text-xs">
          A primeira linha deve ser o cabeçalho. Separador vírgula ou ponto e vírgula; até 100.000 linhas e 20 MB.
        </p>
        {error && (
          <p role="alert" className="mt-2 text-error text-sm">
            {error}
          </p>
        )}
      </div>
      {recent.data && recent.data.length > 0 && (
        <section aria-labelledby={`${inputId}-recent`} className="flex flex-col gap-2">
          <h4 id={`${inputId}-recent`} className="font-medium text-sm">
            Importações recentes
          </h4>
          <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
            {recent.data.slice(0, 5).map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-2 text-sm">
                <span className="min-w-0 truncate">
                  <strong>{r.fileName}</strong> · {formatDateTime(r.createdAt)} · {IMPORT_STATUS_LABEL[r.status as ImportStatus]}
                </span>
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => onOpen(r.id, isLive(r.status))}>
                  {isLive(r.status) ? "Acompanhar" : "Ver relatório"}
                  <span className="sr-only"> de {r.fileName}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
