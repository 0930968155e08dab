import { z } from "zod";

/**
 * The learner side of the academy (issue 19): inputs of academy.* and the embed URL rule shared by
 * the lesson page and the admin's lesson form. Pure: the web imports it.
 */
export const ACADEMY_LEARNER_ERRORS = {
  noAccess: "Você não tem acesso a este curso.",
  courseNotFound: "Curso não encontrado.",
  lessonNotFound: "Aula não encontrada.",
} as const;

/** A lesson counts as completed from this watched/read percentage on (or "Marcar como concluída"). */
export const COMPLETE_AT_PERCENT = 90;
/** The lesson page sends progress at most this often while a video plays. */
export const PROGRESS_THROTTLE_MS = 10_000;

const uuid = z.string().uuid("Identificador inválido.");

export const courseIdInput = z.object({ id: uuid });
export const lessonIdInput = z.object({ id: uuid });
export const lessonProgressInput = z.object({
  lessonId: uuid,
  percent: z.number().int("Percentual inválido.").min(0, "Percentual inválido.").max(100, "Percentual inválido."),
  positionSeconds: z.number().int("Posição inválida.").min(0, "Posição inválida.").max(86_400, "Posição inválida."),
});
export const lessonCompleteInput = z.object({ lessonId: uuid });
export type LessonProgressInput = z.infer<typeof lessonProgressInput>;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/**
 * A YouTube or Vimeo link as the only URL a lesson may frame (youtube-nocookie.com/embed/… or
 * player.vimeo.com/video/…); anything else → null, so no other host is ever put in an iframe.
 */
export function normalizeEmbedUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "").replace(/^m\./, "");
  const parts = url.pathname.split("/").filter(Boolean);
  let youtubeId: string | null = null;
  if (host === "youtu.be") youtubeId = parts[0] ?? null;
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (parts[0] === "watch") youtubeId = url.searchParams.get("v");
    else if (parts[0] === "embed" || parts[0] === "shorts" || parts[0] === "live") youtubeId = parts[1] ?? null;
  }
  if (youtubeId !== null) return YOUTUBE_ID.test(youtubeId) ? `https://www.youtube-nocookie.com/embed/${youtubeId}` : null;
  let vimeoId: string | null = null;
  if (host === "vimeo.com") vimeoId = parts.find((p) => VIMEO_ID.test(p)) ?? null;
  else if (host === "player.vimeo.com" && parts[0] === "video") vimeoId = parts[1] ?? null;
  return vimeoId && VIMEO_ID.test(vimeoId) ? `https://player.vimeo.com/video/${vimeoId}` : null;
}

/** Seconds → "1 h 05 min" / "12 min" / "45 s" for durations in the catalogue. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}
