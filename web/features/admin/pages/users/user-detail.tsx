import { NotAvailable } from "../../../../components/ui/not-available";

/** Detalhes do usuário (issue 17): placeholder until its owner builds it. */
export default function AdminUserDetailPage() {
  return <NotAvailable title="Detalhes do usuário" />;
}
