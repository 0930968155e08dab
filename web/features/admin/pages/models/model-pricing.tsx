import { NotAvailable } from "../../../../components/ui/not-available";

/** Modelos de IA (issue 17): placeholder until its owner builds it. */
export default function ModelPricingPage() {
  return <NotAvailable title="Modelos de IA" />;
}
