import { NotAvailable } from "../../../components/ui/not-available";

/** Dashboard do Workspace (issue 17): placeholder until its owner builds it. */
export default function WorkspaceDashboardPage() {
  return <NotAvailable title="Dashboard do Workspace" />;
}
