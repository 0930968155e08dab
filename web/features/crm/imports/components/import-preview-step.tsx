import { readImportRow } from "../../../../../src/schemas/crm/import-rows";
import { CUSTOM_PREFIX, IMPORT_DUPLICATE_LABEL, IMPORT_FIELD_LABEL, type ImportField, type ImportMapping, importDuplicateModes } from "../../../../../src/schemas/crm/imports";
import { formatNumber, truncate } from "../../../../lib/format";
import type { ParsedCsv } from "../hooks/use-contact-import";

const labelOf = (target: string) => (target.startsWith(CUSTOM_PREFIX) ? target.slice(CUSTOM_PREFIX.length) : IMPORT_FIELD_LABEL[target as ImportField]);

type Props = {
  csv: ParsedCsv;
  mapping: ImportMapping;
  onDuplicate: "update" | "skip";
  onDuplicateChange: (v: "update" | "skip") => void;
};

/**
 * Pré-visualização: the first rows as they will be read (the server's own rules, run here), and the
 * choice for rows whose phone or e-mail is already a contact's.
 */
export function ImportPreviewStep({ csv, mapping, onDuplicate, onDuplicateChange }: Props) {
  const columns = Object.entries(mapping).sort(([a], [b]) => Number(a) - Number(b));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-base-content/70 text-sm">
        {formatNumber(csv.totalRows)} {csv.totalRows === 1 ? "linha" : "linhas"} em <strong>{csv.file.name}</strong>. As primeiras:
      </p>
      {/* Scrolls: focusable so the keyboard can scroll it too (axe scrollable-region-focusable). */}
      <div className="max-h-[40vh] overflow-auto rounded-box border border-base-300" tabIndex={0} role="region" aria-label="Primeiras linhas">
        <table className="table table-sm">
          <caption className="sr-only">Primeiras linhas como serão importadas</caption>
          <thead>
            <tr>
              <th scope="col">Linha</th>
              {columns.map(([c, target]) => (
                <th key={c} scope="col">
                  {labelOf(target)}
                </th>
              ))}
              <th scope="col">Situação</th>
            </tr>
          </thead>
          <tbody>
            {csv.sample.map((cells, i) => {
              const read = readImportRow(cells, mapping);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a parsed file have no id; the order is fixed
                <tr key={i}>
                  <th scope="row">{i + 2}</th>
                  {columns.map(([c]) => (
                    <td key={c} className="max-w-40 truncate">
                      {truncate(cells[Number(c)] ?? "", 40)}
                    </td>
                  ))}
                  <td className={read.ok ? "text-success" : "text-error"}>{read.ok ? "OK" : read.message}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-sm">Quando o telefone ou o email já for de um contato</legend>
        {importDuplicateModes.map((mode) => (
          <label key={mode} className="flex cursor-pointer items-center gap-2 text-sm">
            <input type="radio" name="on-duplicate" className="radio radio-sm" checked={onDuplicate === mode} onChange={() => onDuplicateChange(mode)} />
            {IMPORT_DUPLICATE_LABEL[mode]}
            <span className="text-base-content/60 text-xs">{mode === "update" ? "(preenche só o que a linha traz, nada é apagado)" : "(o contato fica como está)"}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
