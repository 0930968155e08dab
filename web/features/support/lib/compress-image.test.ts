import { describe, expect, test } from "bun:test";
import { jpegName, needsCompression, scaledSize } from "./compress-image";

const KB = 1024;
const MB = 1024 * KB;

describe("image compression", () => {
  test("only images above 500 KB are compressed, never a GIF (its animation would be lost)", () => {
    expect(needsCompression({ type: "image/png", size: 500 * KB })).toBe(false);
    expect(needsCompression({ type: "image/png", size: 500 * KB + 1 })).toBe(true);
    expect(needsCompression({ type: "image/jpeg", size: 2 * MB })).toBe(true);
    expect(needsCompression({ type: "image/gif", size: 2 * MB })).toBe(false);
    expect(needsCompression({ type: "application/pdf", size: 2 * MB })).toBe(false);
  });

  test("wide images shrink to 1920 px keeping the aspect ratio; smaller ones keep their size", () => {
    expect(scaledSize(3840, 2160)).toEqual({ width: 1920, height: 1080 });
    expect(scaledSize(2560, 1600)).toEqual({ width: 1920, height: 1200 });
    expect(scaledSize(1280, 4000)).toEqual({ width: 1280, height: 4000 });
  });

  test("the compressed file is named as a JPEG", () => {
    expect(jpegName("captura de tela.png")).toBe("captura de tela.jpg");
    expect(jpegName("foto.final.webp")).toBe("foto.final.jpg");
    expect(jpegName(".png")).toBe(".png.jpg");
    expect(jpegName("semextensao")).toBe("semextensao.jpg");
  });
});
