/**
 * Records a lesson in the browser (issue 19, /admin/academy/record): the screen (getDisplayMedia,
 * constrained by the chosen template) with the microphone mixed in through an AudioContext, into
 * a webm MediaRecorder. Stops on 'Parar', when the browser's sharing ends, or when the page goes.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export type RecorderTemplate = { width: number; height: number; frameRate: number; withMicrophone: boolean };

export type Recording = { blob: Blob; url: string; seconds: number; mimeType: string };

export type RecorderState =
  | { kind: "idle" }
  | { kind: "starting" }
  | { kind: "recording"; seconds: number; bytes: number; microphone: boolean }
  | { kind: "recorded"; recording: Recording }
  | { kind: "error"; message: string };

const MIME_CANDIDATES = ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm"];

function pickMimeType(): string {
  return MIME_CANDIDATES.find((t) => MediaRecorder.isTypeSupported(t)) ?? "video/webm";
}

/** The browser's refusals, in words the admin can act on. */
function startError(e: unknown): string {
  const name = e instanceof DOMException ? e.name : "";
  if (name === "NotAllowedError") return "O compartilhamento de tela foi recusado. Permita o acesso e tente novamente.";
  if (name === "NotFoundError") return "Nenhuma tela disponível para gravar.";
  if (name === "NotSupportedError" || typeof navigator.mediaDevices?.getDisplayMedia !== "function") return "Este navegador não grava a tela. Use o Chrome, Edge ou Firefox no computador.";
  return "Não foi possível iniciar a gravação.";
}

type Session = { streams: MediaStream[]; audio: AudioContext | null; recorder: MediaRecorder; timer: number; startedAt: number };

export function useLessonRecorder() {
  const [state, setState] = useState<RecorderState>({ kind: "idle" });
  const [micWarning, setMicWarning] = useState<string | null>(null);
  const session = useRef<Session | null>(null);
  const previewUrl = useRef<string | null>(null);
  /** Set when the page goes while the browser still asks which screen (or for the microphone). */
  const unmounted = useRef(false);

  const release = useCallback(() => {
    const s = session.current;
    if (!s) return;
    window.clearInterval(s.timer);
    for (const stream of s.streams) for (const track of stream.getTracks()) track.stop();
    void s.audio?.close().catch(() => {});
    session.current = null;
  }, []);

  const stop = useCallback(() => {
    const s = session.current;
    if (s && s.recorder.state !== "inactive") s.recorder.stop();
  }, []);

  const discard = useCallback(() => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = null;
    setState({ kind: "idle" });
  }, []);

  const start = useCallback(
    async (template: RecorderTemplate) => {
      discard();
      setMicWarning(null);
      setState({ kind: "starting" });
      const streams: MediaStream[] = [];
      let audio: AudioContext | null = null;
      // The page went while the browser was asking: what was granted is released, nothing records.
      const gone = () => {
        if (!unmounted.current) return false;
        for (const stream of streams) for (const track of stream.getTracks()) track.stop();
        return true;
      };
      try {
        const screen = await navigator.mediaDevices.getDisplayMedia({
          video: { width: { ideal: template.width, max: template.width }, height: { ideal: template.height, max: template.height }, frameRate: { ideal: template.frameRate, max: template.frameRate } },
          audio: false,
        });
        streams.push(screen);
        if (gone()) return;
        const tracks: MediaStreamTrack[] = [...screen.getVideoTracks()];
        let microphone = false;
        if (template.withMicrophone) {
          try {
            const mic = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
            streams.push(mic);
            if (gone()) return;
            // Mixed through one destination: the recording has a single audio track whatever the sources.
            audio = new AudioContext();
            const destination = audio.createMediaStreamDestination();
            audio.createMediaStreamSource(mic).connect(destination);
            tracks.push(...destination.stream.getAudioTracks());
            microphone = true;
          } catch {
            setMicWarning("Microfone indisponível ou recusado: a aula será gravada sem áudio.");
          }
        }
        const mimeType = pickMimeType();
        const recorder = new MediaRecorder(new MediaStream(tracks), { mimeType });
        const chunks: Blob[] = [];
        let bytes = 0;
        const startedAt = performance.now();
        const elapsed = () => (performance.now() - startedAt) / 1000;
        recorder.ondataavailable = (e) => {
          if (e.data.size > 0) {
            chunks.push(e.data);
            bytes += e.data.size;
          }
        };
        recorder.onstop = () => {
          const seconds = elapsed();
          release();
          const blob = new Blob(chunks, { type: "video/webm" });
          const url = URL.createObjectURL(blob);
          previewUrl.current = url;
          setState({ kind: "recorded", recording: { blob, url, seconds, mimeType } });
        };
        // The browser's own "Parar compartilhamento" ends the track: the recording ends with it.
        for (const track of screen.getVideoTracks()) track.addEventListener("ended", () => stop(), { once: true });
        const timer = window.setInterval(() => setState({ kind: "recording", seconds: Math.floor(elapsed()), bytes, microphone }), 500);
        session.current = { streams, audio, recorder, timer, startedAt };
        recorder.start(1000);
        setState({ kind: "recording", seconds: 0, bytes: 0, microphone });
      } catch (e) {
        for (const stream of streams) for (const track of stream.getTracks()) track.stop();
        void audio?.close().catch(() => {});
        release();
        setState({ kind: "error", message: startError(e) });
      }
    },
    [discard, release, stop],
  );

  // Leaving the page stops the capture (the browser's sharing bar would stay up otherwise).
  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      const s = session.current;
      if (s) {
        s.recorder.onstop = null;
        if (s.recorder.state !== "inactive") s.recorder.stop();
      }
      release();
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    };
  }, [release]);

  return { state, micWarning, start, stop, discard };
}

/** 75 → "01:15"; an hour or more → "1:02:03". */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}
