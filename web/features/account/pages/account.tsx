import { NotAvailable } from "../../../components/ui/not-available";

/** Conta (issue 17): placeholder until its owner builds it. */
export default function AccountPage() {
  return <NotAvailable title="Conta" />;
}
