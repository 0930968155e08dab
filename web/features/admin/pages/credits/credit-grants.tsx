import { NotAvailable } from "../../../../components/ui/not-available";

/** Gestão de créditos (issue 17): placeholder until its owner builds it. */
export default function CreditGrantsPage() {
  return <NotAvailable title="Gestão de créditos" />;
}
