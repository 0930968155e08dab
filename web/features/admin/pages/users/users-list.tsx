import { NotAvailable } from "../../../../components/ui/not-available";

/** Usuários (issue 17): placeholder until its owner builds it. */
export default function AdminUsersPage() {
  return <NotAvailable title="Usuários" />;
}
