import {
  SUPPORT_PRIORITY_LABEL,
  SUPPORT_STATUS_LABEL,
  SUPPORT_TYPE_LABEL,
  type SupportPriority,
  type SupportStatus,
  type SupportType,
} from "../../../../../src/schemas/support";

const STATUS_CLASS: Record<SupportStatus, string> = { open: "badge-info", in_progress: "badge-warning", resolved: "badge-success", closed: "badge-ghost" };
const PRIORITY_CLASS: Record<SupportPriority, string> = { low: "badge-ghost", medium: "badge-ghost", high: "badge-warning", urgent: "badge-error" };

/** Where a request stands; open and in-progress read in colour so the queue stands out. */
export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  return <span className={`badge badge-sm ${STATUS_CLASS[status]}`}>{SUPPORT_STATUS_LABEL[status]}</span>;
}

/** Urgent in the error colour, high in the warning colour, the rest plain. */
export function SupportPriorityBadge({ priority }: { priority: SupportPriority }) {
  return <span className={`badge badge-sm ${PRIORITY_CLASS[priority]}`}>{SUPPORT_PRIORITY_LABEL[priority]}</span>;
}

export function SupportTypeBadge({ type }: { type: SupportType }) {
  return <span className="badge badge-sm badge-outline">{SUPPORT_TYPE_LABEL[type]}</span>;
}

/** An attachment's size as people read it (1 decimal below 10). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 10 ? kb.toFixed(1).replace(".", ",") : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1).replace(".", ",") : Math.round(mb)} MB`;
}
