import { NotAvailable } from "../../../../components/ui/not-available";

/** Placeholder while issue 14 builds this screen. */
export default function FunnelPage() {
  return <NotAvailable title="Funil" />;
}
