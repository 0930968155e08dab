import { useEffect, useRef } from "react";
import { PROGRESS_THROTTLE_MS } from "../../../../src/schemas/academy/learner";

type Report = (percent: number, positionSeconds: number) => void;

/**
 * The uploaded video (served with range requests by /api/v1/files/{id}): resumes where the learner
 * stopped and reports how far they got at most every PROGRESS_THROTTLE_MS, on pause and at the end.
 */
export function VideoPlayer({ src, title, resumeAt, onProgress }: { src: string; title: string; resumeAt: number; onProgress: Report }) {
  const ref = useRef<HTMLVideoElement>(null);
  const lastSent = useRef(0);
  const send = (force: boolean) => {
    const v = ref.current;
    if (!v || !Number.isFinite(v.duration) || v.duration <= 0) return;
    const now = performance.now();
    if (!force && now - lastSent.current < PROGRESS_THROTTLE_MS) return;
    lastSent.current = now;
    onProgress(Math.min(100, Math.round((v.currentTime / v.duration) * 100)), Math.floor(v.currentTime));
  };
  return (
    <video
      ref={ref}
      className="aspect-video w-full rounded-box bg-black"
      src={src}
      controls
      preload="metadata"
      aria-label={title}
      onLoadedMetadata={(e) => {
        const v = e.currentTarget;
        // Near the end, start over instead of landing on the last frame.
        if (resumeAt > 0 && resumeAt < v.duration - 5) v.currentTime = resumeAt;
      }}
      onTimeUpdate={() => send(false)}
      onPause={() => send(true)}
      onEnded={() => send(true)}
    />
  );
}

/** A YouTube/Vimeo lesson: the server hands over only those two players' URLs (normalizeEmbedUrl). */
export function EmbedPlayer({ src, title }: { src: string; title: string }) {
  return (
    <iframe
      className="aspect-video w-full rounded-box bg-black"
      src={src}
      title={title}
      allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

/** Runs once per lesson opened: the first progress report is what enrols and moves "continue". */
export function useOpenReport(lessonId: string | undefined, report: () => void) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!lessonId || done.current === lessonId) return;
    done.current = lessonId;
    report();
  }, [lessonId, report]);
}
