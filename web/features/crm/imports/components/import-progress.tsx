import { useState } from "react";
import { CONTACT_IMPORT_LIMITS, IMPORT_STATUS_LABEL, type ImportStatus } from "../../../../../src/schemas/crm/imports";
import { formatNumber } from "../../../../lib/format";
import { type ContactImport, downloadReport } from "../hooks/use-contact-import";

/** Importando: the job's rows done out of the file's, as a progress bar. */
export function ImportRunning({ imp }: { imp: ContactImport | undefined }) {
  const total = imp?.totalRows ?? 0;
  const done = imp?.processedRows ?? 0;
  const percent = total ? Math.floor((done / total) * 100) : 0;
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      <p className="text-sm">{total ? `Importando: ${formatNumber(done)} de ${formatNumber(total)} linhas (${percent}%)` : "Preparando o arquivo…"}</p>
      <progress className="progress progress-primary w-full" value={total ? done : undefined} max={total || undefined} aria-label="Progresso da importação" />
      <p className="text-base-content/60 text-xs">Você pode fechar esta janela: a importação continua e aparece em “Importações recentes”.</p>
    </div>
  );
}

const REPORT_PAGE = 50;

/** Relatório: the four counts and the refused rows, each with its line and reason. */
export function ImportReport({ imp }: { imp: ContactImport }) {
  const [shown, setShown] = useState(REPORT_PAGE);
  const counts = [
    ["Criados", imp.createdCount],
    ["Atualizados", imp.updatedCount],
    ["Ignorados", imp.skippedCount],
    ["Com erro", imp.failedCount],
  ] as const;
  const listed = imp.report.length;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        Importação <strong>{IMPORT_STATUS_LABEL[imp.status as ImportStatus].toLowerCase()}</strong>: {formatNumber(imp.processedRows)} de {formatNumber(imp.totalRows)} linhas lidas.
      </p>
      {imp.error && (
        <p role="alert" className="text-error text-sm">
          {imp.error}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {counts.map(([label, n]) => (
          <div key={label} className="rounded-box border border-base-300 p-3">
            <dt className="text-base-content/70 text-xs">{label}</dt>
            <dd className="font-semibold text-xl tabular-nums">{formatNumber(n)}</dd>
          </div>
        ))}
      </dl>
      {listed > 0 && (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="font-medium text-sm">Linhas com problema</h4>
            <button type="button" className="btn btn-sm" onClick={() => downloadReport(imp.report, imp.fileName)}>
              Baixar relatório (CSV)
            </button>
          </div>
              <div className="max-h-[35vh] overflow-auto rounded-box border border-base-300" tabIndex={0} role="region" aria-label="Linhas com problema">
            <table className="table table-sm">
              <caption className="sr-only">Linhas não importadas e o motivo</caption>
              <thead>
                <tr>
                  <th scope="col">Linha</th>
                  <th scope="col">Motivo</th>
                </tr>
              </thead>
              <tbody>
                {imp.report.slice(0, shown).map((r) => (
                  <tr key={r.row}>
                    <th scope="row" className="tabular-nums">
                      {r.row}
                    </th>
                    <td>{r.message.replace(/^Linha \d+: /, "")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {shown < listed && (
            <button type="button" className="btn btn-ghost btn-sm self-start" onClick={() => setShown((n) => n + REPORT_PAGE)}>
              Mostrar mais ({formatNumber(listed - shown)})
            </button>
          )}
          {listed >= CONTACT_IMPORT_LIMITS.reportCap && <p className="text-base-content/60 text-xs">O relatório guarda as primeiras {formatNumber(listed)} linhas; as contagens acima são exatas.</p>}
        </div>
      )}
    </div>
  );
}
