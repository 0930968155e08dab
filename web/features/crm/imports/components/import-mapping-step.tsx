import { CUSTOM_PREFIX, IMPORT_FIELD_LABEL, type ImportMapping, type ImportTarget, importFields } from "../../../../../src/schemas/crm/imports";
import { truncate } from "../../../../lib/format";
import type { ParsedCsv } from "../hooks/use-contact-import";

const IGNORE = "";
const CUSTOM = "__custom__";

/** Select value of a column: a field, "custom" (its header becomes the custom field's name) or ignored. */
const choiceOf = (target: ImportTarget | undefined) => (!target ? IGNORE : target.startsWith(CUSTOM_PREFIX) ? CUSTOM : target);

/** Mapeamento: one row per CSV column, its first value, and the contact field it fills. */
export function ImportMappingStep({ csv, mapping, onChange, error }: { csv: ParsedCsv; mapping: ImportMapping; onChange: (m: ImportMapping) => void; error: string | null }) {
  const set = (column: number, choice: string) => {
    const next: ImportMapping = { ...mapping };
    const key = String(column);
    if (choice === IGNORE) delete next[key];
    else if (choice === CUSTOM) next[key] = `${CUSTOM_PREFIX}${(csv.headers[column] ?? `Coluna ${column + 1}`).trim().slice(0, 100)}`;
    else next[key] = choice as ImportTarget;
    onChange(next);
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-base-content/70 text-sm">
        Associe cada coluna do arquivo a um campo do contato. Colunas ignoradas não são importadas; um campo personalizado usa o nome da coluna.
      </p>
      <div className="max-h-[50vh] overflow-auto rounded-box border border-base-300">
        <table className="table table-sm">
          <caption className="sr-only">Colunas do arquivo e o campo de cada uma</caption>
          <thead>
            <tr>
              <th scope="col">Coluna do arquivo</th>
              <th scope="col">Exemplo</th>
              <th scope="col">Campo do contato</th>
            </tr>
          </thead>
          <tbody>
            {csv.headers.map((header, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position in the file; the list never reorders
              <tr key={i}>
                <th scope="row" className="font-medium">
                  {truncate(header, 40)}
                </th>
                <td className="max-w-40 truncate text-base-content/70">{truncate(csv.sample[0]?.[i] ?? "", 40)}</td>
                <td>
                  <select className="select select-sm w-full min-w-44" aria-label={`Campo para a coluna ${header}`} value={choiceOf(mapping[String(i)])} onChange={(e) => set(i, e.target.value)}>
                    <option value={IGNORE}>Ignorar coluna</option>
                    {importFields.map((f) => (
                      <option key={f} value={f}>
                        {IMPORT_FIELD_LABEL[f]}
                      </option>
                    ))}
                    <option value={CUSTOM}>Campo personalizado</option>
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && (
        <p role="alert" className="text-error text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
