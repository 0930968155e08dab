import { NotAvailable } from "../../../components/ui/not-available";

/** /campanhas: campaigns and lists — built by issue 16 (stub until its screen lands). */
export default function CampaignsPage() {
  return <NotAvailable title="Campanhas" />;
}
