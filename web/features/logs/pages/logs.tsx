import { NotAvailable } from "../../../components/ui/not-available";

/** Logs (issue 17): placeholder until its owner builds it. */
export default function LogsPage() {
  return <NotAvailable title="Logs" />;
}
