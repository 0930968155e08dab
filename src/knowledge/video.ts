import { safeFetch } from "../lib/safe-fetch";
import { ExtractionError } from "./extract";

/**
 * Transcripts from the platforms' own captions. YouTube: the watch page lists caption tracks
 * (captionTracks[].baseUrl, timedtext XML); Vimeo: the player config lists text tracks (WebVTT).
 * Dailymotion offers no public captions endpoint: the owner pastes the transcript.
 * Bases are parameters so tests can point them at a loopback site.
 */
export const videoBases = { youtube: "https://www.youtube.com", vimeoPlayer: "https://player.vimeo.com" };

const NO_CAPTIONS = "Não encontramos legendas para este vídeo. Cole a transcrição no campo de texto.";

export function youtubeId(url: string): string | null {
  const u = new URL(url);
  if (u.hostname.endsWith("youtu.be")) return u.pathname.slice(1) || null;
  if (u.pathname.startsWith("/shorts/") || u.pathname.startsWith("/embed/")) return u.pathname.split("/")[2] ?? null;
  return u.searchParams.get("v");
}

export function vimeoId(url: string): string | null {
  return new URL(url).pathname.match(/(\d{5,})/)?.[1] ?? null;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));

/** Timed text XML (<text start=".." dur="..">…</text>) to plain sentences. */
export function timedTextToPlain(xml: string): string {
  return [...xml.matchAll(/<text[^>]*>([\s\S]*?)<\/text>/g)]
    .map((m) => decodeEntities(decodeEntities(m[1] ?? "")).replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join(" ");
}

/** WebVTT to plain text: cue lines only, no timings or headers. */
export function vttToPlain(vtt: string): string {
  return vtt
    .split(/\r?\n/)
    .filter((l) => l.trim() && !l.startsWith("WEBVTT") && !l.includes("-->") && !/^\d+$/.test(l.trim()) && !/^(NOTE|STYLE|REGION)\b/.test(l))
    .map((l) => l.replace(/<[^>]+>/g, "").trim())
    .join(" ");
}

type CaptionTrack = { baseUrl: string; languageCode?: string };

async function youtubeTranscript(id: string): Promise<string> {
  const page = await safeFetch(`${videoBases.youtube}/watch?v=${encodeURIComponent(id)}&hl=pt-BR`, { maxBytes: 5 * 1024 * 1024 });
  const raw = page.text().match(/"captionTracks":(\[.*?\])/)?.[1];
  if (!raw) throw new ExtractionError(NO_CAPTIONS);
  const tracks = JSON.parse(raw.replace(/\\u0026/g, "&")) as CaptionTrack[];
  const track = tracks.find((t) => t.languageCode?.startsWith("pt")) ?? tracks[0];
  if (!track) throw new ExtractionError(NO_CAPTIONS);
  const xml = await safeFetch(track.baseUrl, { maxBytes: 5 * 1024 * 1024 });
  return timedTextToPlain(xml.text());
}

async function vimeoTranscript(id: string): Promise<string> {
  const cfg = await safeFetch(`${videoBases.vimeoPlayer}/video/${id}/config`, { maxBytes: 2 * 1024 * 1024 });
  const tracks = (JSON.parse(cfg.text()) as { request?: { text_tracks?: { url: string; lang?: string }[] } }).request?.text_tracks ?? [];
  const track = tracks.find((t) => t.lang?.startsWith("pt")) ?? tracks[0];
  if (!track) throw new ExtractionError(NO_CAPTIONS);
  const vtt = await safeFetch(new URL(track.url, videoBases.vimeoPlayer).toString(), { maxBytes: 5 * 1024 * 1024 });
  return vttToPlain(vtt.text());
}

export async function fetchVideoTranscript(url: string): Promise<string> {
  const host = new URL(url).hostname;
  let text = "";
  if (/youtube\.com$|youtu\.be$/.test(host)) {
    const id = youtubeId(url);
    if (!id) throw new ExtractionError("Link do YouTube sem o identificador do vídeo.");
    text = await youtubeTranscript(id);
  } else if (/vimeo\.com$/.test(host)) {
    const id = vimeoId(url);
    if (!id) throw new ExtractionError("Link do Vimeo sem o identificador do vídeo.");
    text = await vimeoTranscript(id);
  } else {
    throw new ExtractionError(NO_CAPTIONS);
  }
  if (!text.trim()) throw new ExtractionError(NO_CAPTIONS);
  return text;
}
