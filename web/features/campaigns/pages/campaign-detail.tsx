import { NotAvailable } from "../../../components/ui/not-available";

/** /campanhas/:campaignId: progress, results, chart — built by issue 16 (stub until its screen lands). */
export default function CampaignDetailPage() {
  return <NotAvailable title="Campanha" />;
}
