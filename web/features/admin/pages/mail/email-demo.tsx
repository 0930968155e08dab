import { NotAvailable } from "../../../../components/ui/not-available";

/** Demonstração de email (issue 17): placeholder until its owner builds it. */
export default function EmailDemoPage() {
  return <NotAvailable title="Demonstração de email" />;
}
