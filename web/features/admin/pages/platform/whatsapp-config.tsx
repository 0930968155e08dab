import { NotAvailable } from "../../../../components/ui/not-available";

/** Configuração do WhatsApp (issue 17): placeholder until its owner builds it. */
export default function PlatformWhatsappPage() {
  return <NotAvailable title="Configuração do WhatsApp" />;
}
