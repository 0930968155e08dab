import { NotAvailable } from "../../../components/ui/not-available";

/** Placeholder of the issue-18 foundation: the area's owner replaces it. */
export default function Page() {
  return <NotAvailable title="Orquestração de Agentes" />;
}
