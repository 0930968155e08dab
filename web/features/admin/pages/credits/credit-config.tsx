import { NotAvailable } from "../../../../components/ui/not-available";

/** Configuração de créditos (issue 17): placeholder until its owner builds it. */
export default function CreditConfigPage() {
  return <NotAvailable title="Configuração de créditos" />;
}
