import { CAMPAIGN_STATUS_BADGE, CAMPAIGN_STATUS_LABEL, type CampaignStatus } from "../../../../src/schemas/campaigns/status";
import { formatNumber } from "../../../lib/format";

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <span className={`badge badge-sm whitespace-nowrap ${CAMPAIGN_STATUS_BADGE[status]}`}>{CAMPAIGN_STATUS_LABEL[status]}</span>;
}

/** done/total as a labelled progress bar (the live bar of the list and the detail page). */
export function CampaignProgress({ done, total, label, large }: { done: number; total: number; label: string; large?: boolean }) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div className="flex min-w-32 flex-col gap-1">
      <progress className={`progress progress-primary w-full ${large ? "h-3" : ""}`} value={percent} max={100} aria-label={label} aria-valuetext={`${percent}%`} />
      <span className="text-base-content/70 text-xs tabular-nums" data-testid="campaign-progress-text">
        {formatNumber(done)} de {formatNumber(total)} ({percent}%)
      </span>
    </div>
  );
}
