import { Link } from "wouter";
import { usePendingHandoffCount } from "../hooks/use-handoffs";

/** Beside the inbox title: how many customers wait for a person; opens the "Transferências" tab. */
export function PendingHandoffsBadge() {
  const count = usePendingHandoffCount().data?.count ?? 0;
  if (count === 0) return null;
  const label = count === 1 ? "1 cliente aguardando atendente" : `${count} clientes aguardando atendente`;
  // The visible text is the accessible name (axe: label-content-name-mismatch).
  return (
    <Link href="/multi-agentes?aba=transferencias" className="badge badge-warning badge-sm gap-1 whitespace-nowrap" data-testid="pending-handoffs-badge">
      {label}
    </Link>
  );
}
