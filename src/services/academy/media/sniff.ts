/**
 * What a lesson upload really is, from its first bytes: a Content-Type or a file name is the
 * sender's word, the magic bytes are the file's. Pure.
 */

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

/** ISO-BMFF (mp4, mov) starts with a box; its type sits at offset 4. Old QuickTime files may open with moov/mdat/wide/free. */
const ISO_BOXES = new Set(["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"]);

export function looksLikeVideo(head: Uint8Array): boolean {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return true; // EBML (webm)
  return head.length >= 8 && ISO_BOXES.has(ascii(head, 4, 4));
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (head: Uint8Array, magic: number[]) => magic.every((b, i) => head[i] === b);

/** Office Open XML and zip are zip archives; the old Office formats are OLE compound files; txt has no NUL. */
export function materialMatches(extension: string, head: Uint8Array): boolean {
  switch (extension) {
    case "pdf":
      return ascii(head, 0, 5) === "%PDF-";
    case "png":
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case "jpg":
    case "jpeg":
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case "zip":
    case "docx":
    case "xlsx":
    case "pptx":
      return startsWith(head, ZIP);
    case "doc":
    case "xls":
    case "ppt":
      return startsWith(head, OLE);
    case "txt":
      return !head.includes(0);
    default:
      return false;
  }
}

/** The extension of a file name, lower case, without the dot ("" when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
}
