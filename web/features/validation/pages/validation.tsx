import { NotAvailable } from "../../../components/ui/not-available";

/** /validation: WhatsApp number checks — built by issue 16 (stub until its screen lands). */
export default function ValidationPage() {
  return <NotAvailable title="Validação" />;
}
