import { NotAvailable } from "../../../../components/ui/not-available";

/** Teste de emails (issue 17): placeholder until its owner builds it. */
export default function EmailTestPage() {
  return <NotAvailable title="Teste de emails" />;
}
