/** A learner's progress in a course or lesson: the bar and the same words everywhere ("40% concluído"). */
export function CourseProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="flex items-center gap-3">
      <progress className="progress progress-primary w-full" value={percent} max={100} aria-label={label} />
      <span className="shrink-0 text-base-content/70 text-sm tabular-nums">{percent}% concluído</span>
    </div>
  );
}
