/**
 * A video's duration from its container, by music-metadata: Matroska/WebM carry it in Segment Info;
 * mp4/mov in the media header of each track (music-metadata puts only an audio track's on
 * `format.duration`, so a silent screen capture is read from its tracks).
 */
import { MAX_LESSON_SECONDS } from "../../../schemas/academy/recording";

/** A believable lesson length, or null (a live-recorded webm says nothing; a broken header says nonsense). */
export function plausibleSeconds(value: number | null | undefined): number | null {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > MAX_LESSON_SECONDS) return null;
  return value;
}

export type DurationRead = { seconds: number | null; readable: boolean };

export async function readVideoDuration(path: string): Promise<DurationRead> {
  try {
    // Loaded on first use (~20 ms and ~20 MB): most processes never read a video.
    const { parseFile } = await import("music-metadata");
    const meta = await parseFile(path, { duration: true, skipCovers: true, mkvUseIndex: true });
    const fromTracks = meta.format.trackInfo.map((t) => plausibleSeconds(t.duration)).filter((s): s is number => s !== null);
    const seconds = plausibleSeconds(meta.format.duration) ?? (fromTracks.length ? Math.max(...fromTracks) : null);
    return { seconds, readable: true };
  } catch {
    return { seconds: null, readable: false };
  }
}
