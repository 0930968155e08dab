import { NotAvailable } from "../../../components/ui/not-available";

/** /campanhas/listas/:listId: a list's members — built by issue 16 (stub until its screen lands). */
export default function CampaignListDetailPage() {
  return <NotAvailable title="Lista de Campanha" />;
}
