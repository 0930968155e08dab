import { NotAvailable } from "../../../../components/ui/not-available";

/** Agentes (issue 17): placeholder until its owner builds it. */
export default function AdminAgentsPage() {
  return <NotAvailable title="Agentes" />;
}
