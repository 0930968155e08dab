import { NotAvailable } from "../../../../components/ui/not-available";

/** Uazapi (issue 17): placeholder until its owner builds it. */
export default function PlatformUazapiPage() {
  return <NotAvailable title="Uazapi" />;
}
