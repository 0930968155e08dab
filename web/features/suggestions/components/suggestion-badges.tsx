import {
  SUGGESTION_CATEGORY_LABEL,
  SUGGESTION_PRIORITY_LABEL,
  SUGGESTION_STATUS_LABEL,
  type SuggestionCategory,
  type SuggestionPriority,
  type SuggestionStatus,
} from "../../../../src/schemas/suggestions";

const STATUS_TONE: Record<SuggestionStatus, string> = {
  pendente: "badge-ghost",
  planejada: "badge-info",
  em_andamento: "badge-warning",
  concluida: "badge-success",
  recusada: "badge-error",
  mesclada: "badge-neutral",
};

export function SuggestionStatusBadge({ status }: { status: SuggestionStatus }) {
  return <span className={`badge badge-soft badge-sm ${STATUS_TONE[status]}`}>{SUGGESTION_STATUS_LABEL[status]}</span>;
}

/** Categories are stored as text: an unknown one (renamed later) still shows, raw. */
export const categoryLabel = (c: string) => SUGGESTION_CATEGORY_LABEL[c as SuggestionCategory] ?? c;

export function SuggestionPriorityBadge({ priority }: { priority: SuggestionPriority }) {
  const tone = priority === "alta" ? "badge-error" : priority === "média" ? "badge-warning" : "badge-ghost";
  return <span className={`badge badge-outline badge-sm ${tone}`}>Prioridade {SUGGESTION_PRIORITY_LABEL[priority].toLowerCase()}</span>;
}

export const statusOptions = Object.entries(SUGGESTION_STATUS_LABEL).map(([value, label]) => ({ value, label }));
export const categoryOptions = Object.entries(SUGGESTION_CATEGORY_LABEL).map(([value, label]) => ({ value, label }));
export const priorityOptions = Object.entries(SUGGESTION_PRIORITY_LABEL).map(([value, label]) => ({ value, label }));
