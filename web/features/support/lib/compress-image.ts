/**
 * SPEC §5/§9: an image over 500 KB is re-encoded before it is attached (at most 1920 px wide, JPEG at
 * quality 0.8), so a full-screen screenshot travels in a fraction of its size.
 */
import { IMAGE_COMPRESSION } from "../../../../src/schemas/support";

type FileLike = { type: string; size: number };

/**
 * Images above the threshold, except GIF: a canvas keeps only its first frame, and an animated
 * capture of a bug is worth more than the bytes saved.
 */
export const needsCompression = (file: FileLike) =>
  file.type.startsWith("image/") && file.type !== "image/gif" && file.size > IMAGE_COMPRESSION.aboveBytes;

/** The drawn size: never upscaled, at most maxWidth wide, the aspect ratio kept. */
export function scaledSize(width: number, height: number, maxWidth: number = IMAGE_COMPRESSION.maxWidth) {
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

/** "tela.png" → "tela.jpg": the name follows the new encoding. */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf(".");
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base || "imagem"}.jpg`;
}

/**
 * Re-encodes `file` in the browser. JPEG, not the source format: the quality setting only applies to
 * lossy encoders, and every browser writes JPEG (transparent pixels become white). When decoding fails
 * or the result is not smaller, the original goes as it is and the server decides.
 */
export async function compressImage(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext("2d");
    if (!ctx) return file;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", IMAGE_COMPRESSION.quality));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
