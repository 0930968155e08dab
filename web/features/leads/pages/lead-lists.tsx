import { NotAvailable } from "../../../components/ui/not-available";

/** /leads-hunter: lists and searches — built by issue 16 (stub until its screen lands). */
export default function LeadListsPage() {
  return <NotAvailable title="Leads Hunter" />;
}
