import type { ContactFilter } from "../../../../../src/schemas/crm/contacts";
import { exportContactsSearch } from "../../../../../src/schemas/crm/imports";
import { Icon } from "../../../../components/ui/icons";

/**
 * CSV export of the filtered list: a plain link to the streamed GET route, so the browser saves the
 * file as it arrives (contatos-AAAA-MM-DD.csv), whatever the size of the list.
 */
export function ExportContactsButton({ filter }: { filter: ContactFilter }) {
  return (
    <a className="btn btn-sm" href={`/api/v1/contacts/export${exportContactsSearch(filter)}`} download>
      <Icon name="external" className="size-4" />
      Exportar CSV
    </a>
  );
}
