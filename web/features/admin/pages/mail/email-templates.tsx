import { NotAvailable } from "../../../../components/ui/not-available";

/** Modelos de email (issue 17): placeholder until its owner builds it. */
export default function EmailTemplatesPage() {
  return <NotAvailable title="Modelos de email" />;
}
