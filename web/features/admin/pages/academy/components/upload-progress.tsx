/** A labelled progress bar with its percentage (long work shows progress: DESIGN). */
export function UploadProgress({ label, fraction }: { label: string; fraction: number }) {
  const pct = Math.round(fraction * 100);
  return (
    <div className="flex items-center gap-2">
      <progress className="progress progress-primary w-full" value={pct} max={100} aria-label={label} />
      <span className="w-12 text-right text-sm tabular-nums">{pct}%</span>
    </div>
  );
}

export const formatDuration = (seconds: number) => {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return `${m}:${String(s).padStart(2, "0")}`;
};

export const formatSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
