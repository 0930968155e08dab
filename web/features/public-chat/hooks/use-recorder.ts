import { useCallback, useEffect, useRef, useState } from "react";
import { encodeWav, resample, wavDataUrl } from "../../../lib/wav";

/** Five minutes of 16 kHz mono WAV is ~9.6 MB, just under the 10 MB the server accepts. */
const MAX_SECONDS = 300;

/** Copies each input block to the main thread; the WAV is encoded there on stop. */
const WORKLET = `class Tap extends AudioWorkletProcessor {
  process(inputs) { const ch = inputs[0] && inputs[0][0]; if (ch) this.port.postMessage(ch.slice(0)); return true; }
}
registerProcessor("atenda-tap", Tap);`;

type Session = { ctx: AudioContext; stream: MediaStream; node: AudioWorkletNode; chunks: Float32Array[]; timer: ReturnType<typeof setTimeout> };

/**
 * Microphone → PCM (Web Audio) → audio/wav data URL (SPEC §9). States: idle → recording → idle;
 * stop hands the recording to onRecorded, which sends it (§4 Recording).
 */
export function useRecorder({ onRecorded, onError }: { onRecorded: (dataUrl: string) => void; onError: () => void }) {
  const [recording, setRecording] = useState(false);
  const session = useRef<Session | null>(null);
  // Latest callbacks: the 5-minute auto-stop must send with what the page holds then, not at start.
  const callbacks = useRef({ onRecorded, onError });
  callbacks.current = { onRecorded, onError };

  const release = useCallback((s: Session) => {
    clearTimeout(s.timer);
    s.node.port.onmessage = null;
    s.node.disconnect();
    for (const t of s.stream.getTracks()) t.stop();
    void s.ctx.close();
  }, []);

  const stop = useCallback(() => {
    const s = session.current;
    if (!s) return;
    session.current = null;
    setRecording(false);
    const rate = s.ctx.sampleRate;
    release(s);
    if (s.chunks.length === 0) return;
    callbacks.current.onRecorded(wavDataUrl(encodeWav(resample(s.chunks, rate))));
  }, [release]);

  const start = useCallback(async () => {
    if (session.current) return;
    let stream: MediaStream | null = null;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
      const ctx = new AudioContext();
      const url = URL.createObjectURL(new Blob([WORKLET], { type: "text/javascript" }));
      try {
        await ctx.audioWorklet.addModule(url);
      } finally {
        URL.revokeObjectURL(url);
      }
      const node = new AudioWorkletNode(ctx, "atenda-tap");
      const chunks: Float32Array[] = [];
      node.port.onmessage = (e: MessageEvent<Float32Array>) => chunks.push(e.data);
      ctx.createMediaStreamSource(stream).connect(node);
      // The graph is pulled from the destination: a muted path keeps the tap running without echo.
      const mute = ctx.createGain();
      mute.gain.value = 0;
      node.connect(mute).connect(ctx.destination);
      const timer = setTimeout(() => stop(), MAX_SECONDS * 1000);
      session.current = { ctx, stream, node, chunks, timer };
      setRecording(true);
    } catch {
      for (const t of stream?.getTracks() ?? []) t.stop();
      callbacks.current.onError();
    }
  }, [stop]);

  useEffect(
    () => () => {
      if (session.current) release(session.current);
    },
    [release],
  );

  return { recording, start, stop };
}
