/** The upload's progress while a request with attachments is sent (a recording can take a while). */
export function SendProgress({ fraction, label }: { fraction: number; label: string }) {
  const pct = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="flex items-center gap-2 text-base-content/70 text-xs">
      <progress className="progress progress-primary w-full" value={pct} max={100} aria-label={label} />
      <span className="w-10 text-right tabular-nums">{pct}%</span>
    </div>
  );
}
