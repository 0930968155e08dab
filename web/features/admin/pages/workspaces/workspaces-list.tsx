import { NotAvailable } from "../../../../components/ui/not-available";

/** Workspaces (issue 17): placeholder until its owner builds it. */
export default function AdminWorkspacesPage() {
  return <NotAvailable title="Workspaces" />;
}
