import { SUPPORT_STATUS_LABEL, type SupportStatus } from "../../../../src/schemas/support";

const TONE: Record<SupportStatus, string> = {
  open: "badge-info",
  in_progress: "badge-warning",
  resolved: "badge-success",
  closed: "badge-neutral",
};

/** A request's status in words, coloured by where it stands. */
export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  return <span className={`badge badge-soft badge-sm whitespace-nowrap ${TONE[status]}`}>{SUPPORT_STATUS_LABEL[status]}</span>;
}
