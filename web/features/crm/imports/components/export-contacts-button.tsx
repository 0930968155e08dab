import type { ContactFilter } from "../../../../../src/schemas/crm/contacts";

/** CSV export of the filtered list: built by the import part of issue 14. */
export function ExportContactsButton(_props: { filter: ContactFilter }) {
  return null;
}
