import { NotAvailable } from "../../../components/ui/not-available";

/** /campanhas/criar: the step-by-step form — built by issue 16 (stub until its screen lands). */
export default function CampaignCreatePage() {
  return <NotAvailable title="Criar Campanha" />;
}
