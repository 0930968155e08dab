import { HANDOFF_REASON_LABEL, HANDOFF_STATUS_LABEL, type HandoffReason, type HandoffStatus } from "../../../../src/schemas/orchestration";
import { formatDateTime } from "../../../lib/format";
import type { HandoffItem } from "../hooks/use-handoffs";

const STATUS_CLASS: Record<HandoffStatus, string> = {
  pending: "badge-warning",
  accepted: "badge-info",
  completed: "badge-success",
  expired: "badge-ghost",
  canceled: "badge-ghost",
};

export function HandoffStatusBadge({ status }: { status: HandoffStatus }) {
  return <span className={`badge badge-sm badge-soft ${STATUS_CLASS[status]}`}>{HANDOFF_STATUS_LABEL[status]}</span>;
}

export const reasonLabel = (r: HandoffReason) => HANDOFF_REASON_LABEL[r];

/** "Agente Ana → Pessoa (Marcos)": who handed the customer to whom. */
export function fromTo(h: Pick<HandoffItem, "fromType" | "fromName" | "toType" | "toName">) {
  const from = h.fromType === "agent" ? `Agente ${h.fromName ?? "removido"}` : (h.fromName ?? "Atendente");
  const to = h.toType === "agent" ? `Agente ${h.toName ?? "removido"}` : h.toName ? `Atendente ${h.toName}` : "Um atendente";
  return `${from} → ${to}`;
}

/** When a pending handoff counts as unanswered, or that it waits with no limit (keep_waiting). */
export function expiryText(h: Pick<HandoffItem, "status" | "expiresAt">) {
  if (h.status !== "pending") return null;
  return h.expiresAt ? `Expira em ${formatDateTime(h.expiresAt)}` : "Sem prazo: o cliente continua na fila até alguém aceitar";
}
