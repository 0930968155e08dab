/**
 * The bug report's screen recording (SPEC §4 'Bug recording', §9): idle → recording → recorded, at most
 * 180 s of up to 1920×1080 at 30 fps, MediaRecorder webm. It stops on 'Parar', when the user ends the
 * sharing from the browser's bar, at the limit, or when the owner calls stop (the dialog closing).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { BUG_RECORDING, SUPPORT_ERRORS, SUPPORT_LIMITS } from "../../../../src/schemas/support";

export type RecorderStatus = "idle" | "starting" | "recording" | "recorded";

export const RECORDER_TEXT = {
  unsupported: "Seu navegador não permite gravar a tela.",
  denied: "A gravação não foi iniciada: o compartilhamento da tela foi cancelado ou negado.",
  failed: "Não foi possível iniciar a gravação da tela.",
  empty: "A gravação ficou vazia. Tente gravar de novo.",
} as const;

const VIDEO_BITS_PER_SECOND = 2_500_000;

/** Codecs in order of preference; the first the browser records wins (none named: its default webm). */
const MIME_CANDIDATES = ["video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm"];

export function pickRecorderMimeType(isSupported: (type: string) => boolean): string | undefined {
  return MIME_CANDIDATES.find((t) => isSupported(t));
}

/** getDisplayMedia constraints: the limits of §9 as maxima, the browser may give less. */
export function displayMediaOptions(): DisplayMediaStreamOptions {
  return {
    video: {
      width: { max: BUG_RECORDING.maxWidth },
      height: { max: BUG_RECORDING.maxHeight },
      frameRate: { ideal: BUG_RECORDING.frameRate, max: BUG_RECORDING.frameRate },
    },
    audio: false,
  };
}

/** 75 → "1:15". */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

type Session = { recorder: MediaRecorder; stream: MediaStream; timer: ReturnType<typeof setInterval> };

export function useScreenRecorder() {
  const [status, setStatus] = useState<RecorderStatus>("idle");
  const [elapsed, setElapsed] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const session = useRef<Session | null>(null);
  /** Set when stop() arrives while the browser's share picker is still open. */
  const cancelStart = useRef(false);
  const urlRef = useRef<string | null>(null);

  const setPreview = useCallback((url: string | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = url;
    setPreviewUrl(url);
  }, []);

  const stop = useCallback(() => {
    const s = session.current;
    if (!s) {
      cancelStart.current = true;
      return;
    }
    if (s.recorder.state !== "inactive") s.recorder.stop();
  }, []);

  const start = useCallback(async () => {
    if (session.current) return;
    if (typeof MediaRecorder === "undefined" || !navigator.mediaDevices?.getDisplayMedia) {
      setError(RECORDER_TEXT.unsupported);
      return;
    }
    setError(null);
    setFile(null);
    setPreview(null);
    cancelStart.current = false;
    setStatus("starting");
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getDisplayMedia(displayMediaOptions());
    } catch (e) {
      setStatus("idle");
      setError(e instanceof DOMException && e.name === "NotAllowedError" ? RECORDER_TEXT.denied : RECORDER_TEXT.failed);
      return;
    }
    if (cancelStart.current) {
      for (const t of stream.getTracks()) t.stop();
      setStatus("idle");
      return;
    }
    const mimeType = pickRecorderMimeType((t) => MediaRecorder.isTypeSupported(t));
    // 2.5 Mbit/s × 180 s ≈ 56 MB: a full-length recording stays under the route's 100 MB.
    const recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), videoBitsPerSecond: VIDEO_BITS_PER_SECOND });
    const chunks: Blob[] = [];
    const startedAt = performance.now();
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    recorder.onstop = () => {
      clearInterval(timer);
      for (const t of stream.getTracks()) t.stop();
      session.current = null;
      setElapsed(Math.min(BUG_RECORDING.maxSeconds, Math.floor((performance.now() - startedAt) / 1000)));
      const blob = new Blob(chunks, { type: BUG_RECORDING.mimeType });
      if (blob.size === 0 || blob.size > SUPPORT_LIMITS.videoMaxBytes) {
        setStatus("idle");
        setError(blob.size === 0 ? RECORDER_TEXT.empty : SUPPORT_ERRORS.videoTooLarge);
        return;
      }
      // Plain video/webm (no codecs parameter): the type the support route accepts.
      const recorded = new File([blob], BUG_RECORDING.fileName, { type: BUG_RECORDING.mimeType });
      setFile(recorded);
      setPreview(URL.createObjectURL(recorded));
      setStatus("recorded");
    };
    // The browser's own "Parar compartilhamento" ends the track: the recording ends with it.
    for (const t of stream.getVideoTracks()) t.addEventListener("ended", stop, { once: true });
    const timer = setInterval(() => {
      const seconds = Math.floor((performance.now() - startedAt) / 1000);
      setElapsed(Math.min(seconds, BUG_RECORDING.maxSeconds));
      if (seconds >= BUG_RECORDING.maxSeconds) stop();
    }, 250);
    session.current = { recorder, stream, timer };
    setElapsed(0);
    // Chunks every second: a recording cut short (tab closed) still has what came before.
    recorder.start(1000);
    setStatus("recording");
  }, [setPreview, stop]);

  /** Drops the recorded video (the 'Remover' of the recorded state) or a pending error. */
  const discard = useCallback(() => {
    setFile(null);
    setPreview(null);
    setElapsed(0);
    setError(null);
    setStatus((s) => (s === "recorded" ? "idle" : s));
  }, [setPreview]);

  // Leaving the page mid-recording frees the screen share and the preview's memory.
  useEffect(
    () => () => {
      // A share granted after this (the picker was still open) is released at once by start().
      cancelStart.current = true;
      const s = session.current;
      if (s) {
        clearInterval(s.timer);
        s.recorder.onstop = null;
        if (s.recorder.state !== "inactive") s.recorder.stop();
        for (const t of s.stream.getTracks()) t.stop();
        session.current = null;
      }
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  return { status, elapsed, file, previewUrl, error, start, stop, discard };
}
