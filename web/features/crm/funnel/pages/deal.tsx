import { NotAvailable } from "../../../../components/ui/not-available";

/** Placeholder while issue 14 builds this screen. */
export default function DealPage() {
  return <NotAvailable title="Negócio" />;
}
