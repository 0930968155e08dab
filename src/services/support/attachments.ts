/**
 * A support request's attachments, checked on the server before anything is written: how many,
 * which type (the declared MIME type, else the extension, must be in SUPPORT_FILE_TYPES), that the
 * bytes are what the type claims (a renamed executable is refused), and the size per kind.
 */
import { AppError } from "../../lib/errors";
import { SUPPORT_ERRORS, SUPPORT_FILE_TYPES, SUPPORT_LIMITS } from "../../schemas/support";
import { sanitizeFileName } from "../files/store";

export type CheckedAttachment = { fileName: string; mimeType: string; bytes: Uint8Array };
/** What the route hands over: the part of a multipart body that carried a file. */
export type IncomingFile = { name: string; type: string; size: number; bytes: () => Promise<Uint8Array> };

/** Browsers send an empty or generic type for some files (.txt on some systems, .docx without Office). */
const BY_EXTENSION: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain",
  webm: "video/webm",
};

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The first bytes each binary type must start with; text must simply not be binary. */
const MAGIC: Record<string, (b: Uint8Array) => boolean> = {
  "image/png": (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  "image/jpeg": (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  "image/gif": (b) => startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a")),
  "image/webp": (b) => startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8),
  "application/pdf": (b) => startsWith(b, ascii("%PDF-")),
  "video/webm": (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]),
  // Word 97-2003 is an OLE compound file; .docx is a zip.
  "application/msword": (b) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]),
  "text/plain": (b) => !b.subarray(0, 8192).includes(0),
};

function mimeOf(file: IncomingFile): string | null {
  const declared = file.type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (declared && SUPPORT_FILE_TYPES[declared]) return declared;
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  // A generic declared type falls back to the extension; a specific, unaccepted one is refused.
  if (declared && declared !== "application/octet-stream") return null;
  return BY_EXTENSION[ext] ?? null;
}

/** Checks every file, cheapest checks first (count, then type and declared size, then the bytes). */
export async function checkAttachments(files: readonly IncomingFile[]): Promise<CheckedAttachment[]> {
  if (files.length > SUPPORT_LIMITS.maxAttachments) throw new AppError("VALIDATION", SUPPORT_ERRORS.tooMany, { field: "attachments" });
  const typed = files.map((file) => {
    const fileName = sanitizeFileName(file.name || "arquivo");
    const mimeType = mimeOf(file);
    if (!mimeType) throw new AppError("VALIDATION", SUPPORT_ERRORS.fileType(fileName), { field: "attachments" });
    tooLarge(mimeType, file.size, fileName);
    return { file, fileName, mimeType };
  });
  const out: CheckedAttachment[] = [];
  for (const { file, fileName, mimeType } of typed) {
    const bytes = await file.bytes();
    tooLarge(mimeType, bytes.byteLength, fileName);
    if (bytes.byteLength === 0 || !MAGIC[mimeType]?.(bytes)) throw new AppError("VALIDATION", SUPPORT_ERRORS.fileType(fileName), { field: "attachments" });
    out.push({ fileName, mimeType, bytes });
  }
  return out;
}

function tooLarge(mimeType: string, size: number, fileName: string) {
  if (SUPPORT_FILE_TYPES[mimeType] === "video") {
    if (size > SUPPORT_LIMITS.videoMaxBytes) throw new AppError("PAYLOAD_TOO_LARGE", SUPPORT_ERRORS.videoTooLarge, { field: "attachments" });
  } else if (size > SUPPORT_LIMITS.fileMaxBytes) throw new AppError("PAYLOAD_TOO_LARGE", SUPPORT_ERRORS.fileTooLarge(fileName), { field: "attachments" });
}

/** The limit saveStoredFile enforces again while writing (the checks above already passed). */
export const storeLimit = (mimeType: string, fileName: string) =>
  SUPPORT_FILE_TYPES[mimeType] === "video"
    ? { maxBytes: SUPPORT_LIMITS.videoMaxBytes, message: SUPPORT_ERRORS.videoTooLarge }
    : { maxBytes: SUPPORT_LIMITS.fileMaxBytes, message: SUPPORT_ERRORS.fileTooLarge(fileName) };
