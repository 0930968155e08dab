import { formatDateTime, formatNumber } from "../../../../lib/format";
import { Icon } from "../../../../components/ui/icons";
import type { TrainingSource } from "../../hooks/use-training";
import { chunkLabel, formatBytes, frequencyLabel, isBusy, STATUS_BADGE, STATUS_LABEL, TYPE_ICON, TYPE_LABEL } from "./training-format";

type Props = {
  source: TrainingSource;
  canEdit: boolean;
  retraining: boolean;
  onEdit: () => void;
  onRetrain: () => void;
  onDelete: () => void;
};

/** What the owner recognises the source by: the text's opening, the address, the file or the video title. */
export function sourceLabel(s: TrainingSource): string {
  if (s.sourceType === "website") return s.url ?? s.title;
  if (s.sourceType === "document") return s.fileName ?? s.title;
  return s.title;
}

function details(s: TrainingSource): string {
  switch (s.sourceType) {
    case "text":
      return `${formatNumber(s.content?.length ?? 0)} caracteres${s.imageUrl ? " · com imagem" : ""}`;
    case "website": {
      const n = s.subpages.length;
      const pages = n === 0 ? "só a página informada" : `+ ${n} ${n === 1 ? "subpágina" : "subpáginas"}`;
      return `${pages} · Atualização: ${frequencyLabel(s.updateFrequency)}`;
    }
    case "document":
      return formatBytes(s.sizeBytes);
    case "video":
      return s.url ?? "";
  }
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 flex-1 overflow-hidden rounded-full bg-base-300"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${Math.max(pct, 3)}%` }} />
      </div>
      <span className="w-9 text-right text-base-content/60 text-xs tabular-nums">{pct}%</span>
    </div>
  );
}

/** One training source: type, state in pt-BR, progress while its job runs, chunks, last run, error, actions. */
export function SourceItem({ source: s, canEdit, retraining, onEdit, onRetrain, onDelete }: Props) {
  const label = sourceLabel(s);
  const busy = isBusy(s);
  const status = s.status as keyof typeof STATUS_LABEL;
  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 p-4 sm:flex-row sm:items-start" aria-label={`${TYPE_LABEL[s.sourceType]}: ${label}`}>
      <span className="flex size-10 shrink-0 items-center justify-center rounded-field bg-base-200 text-base-content/70" title={TYPE_LABEL[s.sourceType]}>
        <Icon name={TYPE_ICON[s.sourceType]} className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex min-w-0 items-center gap-2">
          <span className="min-w-0 truncate font-medium" title={label}>
            {label}
          </span>
          <span className={`badge badge-sm shrink-0 ${STATUS_BADGE[status]}`} data-testid="source-status">
            {STATUS_LABEL[status] ?? s.status}
          </span>
        </div>
        <p className="truncate text-base-content/60 text-xs">
          {TYPE_LABEL[s.sourceType]} · {details(s)}
        </p>
        {busy && <ProgressBar value={s.progress} label={`Progresso do treinamento: ${label}`} />}
        {s.status === "failed" && (
          <p className="flex items-start gap-1 text-error text-sm">
            <Icon name="info" className="mt-0.5 size-4 shrink-0" />
            <span>{s.errorMessage || "Não foi possível processar este conteúdo."}</span>
          </p>
        )}
        {(s.status === "ready" || s.lastProcessedAt) && (
          <p className="text-base-content/50 text-xs">
            {chunkLabel(s.chunkCount)}
            {s.lastProcessedAt ? ` · Treinado em ${formatDateTime(s.lastProcessedAt)}` : ""}
          </p>
        )}
      </div>
      {canEdit && (
        <div className="flex shrink-0 flex-wrap gap-1">
          {s.sourceType !== "document" && (
            <button type="button" className="btn btn-ghost btn-xs" onClick={onEdit} aria-label={`Editar ${label}`}>
              <Icon name="pencil" className="size-4" />
              Editar
            </button>
          )}
          <button type="button" className="btn btn-ghost btn-xs" onClick={onRetrain} disabled={busy || retraining} aria-label={`Treinar novamente ${label}`}>
            <Icon name="refresh" className="size-4" />
            Treinar novamente
          </button>
          <button type="button" className="btn btn-ghost btn-xs btn-square text-error" onClick={onDelete} aria-label={`Excluir ${label}`}>
            <Icon name="trash" className="size-4" />
          </button>
        </div>
      )}
    </li>
  );
}
