/** normalizeEmbedUrl (issue 19): only YouTube and Vimeo players are ever framed by a lesson. */
import { describe, expect, test } from "bun:test";
import { formatDuration, normalizeEmbedUrl } from "../src/schemas/academy/learner";

describe("normalizeEmbedUrl", () => {
  test("YouTube links of every shape become the privacy-enhanced player", () => {
    const player = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
    for (const url of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ])
      expect(normalizeEmbedUrl(url)).toBe(player);
  });

  test("Vimeo links become player.vimeo.com", () => {
    expect(normalizeEmbedUrl("https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(normalizeEmbedUrl("https://player.vimeo.com/video/76979871?h=abc")).toBe("https://player.vimeo.com/video/76979871");
  });

  test("anything else is refused", () => {
    for (const url of [
      "https://evil.example.com/embed/dQw4w9WgXcQ",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "javascript:alert(1)",
      "https://www.youtube.com/watch?v=<script>",
      "https://vimeo.com/channels/staffpicks",
      "not a url",
      "",
      null,
    ])
      expect(normalizeEmbedUrl(url)).toBeNull();
  });

  test("durations read as the catalogue shows them", () => {
    expect([formatDuration(45), formatDuration(300), formatDuration(3900)]).toEqual(["45 s", "5 min", "1 h 05 min"]);
  });
});
