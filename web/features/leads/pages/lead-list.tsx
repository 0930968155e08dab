import { NotAvailable } from "../../../components/ui/not-available";

/** /leads-hunter/:listId: a list's leads — built by issue 16 (stub until its screen lands). */
export default function LeadListPage() {
  return <NotAvailable title="Lista de Leads" />;
}
