import { describe, expect, test } from "bun:test";
import { encodeWav, resample, wavDataUrl } from "./wav";

const text = (b: Uint8Array, from: number, len: number) => String.fromCharCode(...b.subarray(from, from + len));

describe("WAV encoder", () => {
  test("writes a valid 16-bit mono PCM header and clamps samples", () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 2]), 16_000);
    const v = new DataView(wav.buffer);
    expect(text(wav, 0, 4)).toBe("RIFF");
    expect(text(wav, 8, 4)).toBe("WAVE");
    expect(text(wav, 36, 4)).toBe("data");
    expect(v.getUint32(4, true)).toBe(36 + 8);
    expect(v.getUint16(20, true)).toBe(1);
    expect(v.getUint16(22, true)).toBe(1);
    expect(v.getUint32(24, true)).toBe(16_000);
    expect(v.getUint16(34, true)).toBe(16);
    expect(v.getUint32(40, true)).toBe(8);
    expect([v.getInt16(44, true), v.getInt16(46, true), v.getInt16(48, true), v.getInt16(50, true)]).toEqual([0, 32767, -32768, 32767]);
  });

  test("resamples 48 kHz chunks to 16 kHz", () => {
    const out = resample([new Float32Array(4800), new Float32Array(4800).fill(0.5)], 48_000, 16_000);
    expect(out.length).toBe(3200);
    expect(out[3199]).toBeCloseTo(0.5);
  });

  test("data URL is audio/wav base64 of the bytes", () => {
    const url = wavDataUrl(encodeWav(new Float32Array(10)));
    expect(url.startsWith("data:audio/wav;base64,UklGR")).toBe(true);
  });
});
