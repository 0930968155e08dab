import { NotAvailable } from "../../../../components/ui/not-available";

/** Editar workspace (issue 17): placeholder until its owner builds it. */
export default function AdminWorkspaceEditPage() {
  return <NotAvailable title="Editar workspace" />;
}
