import { describe, expect, test } from "bun:test";
import { displayMediaOptions, formatElapsed, pickRecorderMimeType } from "./use-screen-recorder";

describe("screen recording", () => {
  test("asks for at most 1920×1080 at 30 fps, video only", () => {
    const opts = displayMediaOptions();
    expect(opts.audio).toBe(false);
    expect(opts.video).toEqual({ width: { max: 1920 }, height: { max: 1080 }, frameRate: { ideal: 30, max: 30 } });
  });

  test("records webm with the best codec the browser has", () => {
    expect(pickRecorderMimeType(() => true)).toBe("video/webm;codecs=vp9");
    expect(pickRecorderMimeType((t) => t !== "video/webm;codecs=vp9")).toBe("video/webm;codecs=vp8");
    expect(pickRecorderMimeType(() => false)).toBeUndefined();
  });

  test("the timer reads minutes and seconds", () => {
    expect(formatElapsed(0)).toBe("0:00");
    expect(formatElapsed(75.9)).toBe("1:15");
    expect(formatElapsed(180)).toBe("3:00");
  });
});
