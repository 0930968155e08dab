/**
 * What a support attachment may be, checked in the browser before sending (the server checks again,
 * also by magic bytes): the picker takes images, PDF, DOC, DOCX and TXT (SPEC §2); the webm comes only
 * from the dialog's own screen recording.
 */
import { SUPPORT_ERRORS, SUPPORT_FILE_TYPES, SUPPORT_LIMITS } from "../../../../src/schemas/support";

/** The file input's accept list. */
export const ATTACHMENT_ACCEPT =
  "image/png,image/jpeg,image/webp,image/gif,.pdf,.doc,.docx,.txt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain";

/** Some systems give .doc/.docx/.txt an empty or vendor type: the extension decides then. */
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
};

type FileLike = { name: string; type: string; size: number };

/** The accepted type of a picked file, or null when it is not one the support route takes. */
export function attachmentType(file: FileLike): string | null {
  const declared = file.type.split(";")[0]?.trim().toLowerCase() ?? "";
  const kind = SUPPORT_FILE_TYPES[declared];
  if (kind && kind !== "video") return declared;
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  return BY_EXTENSION[ext] ?? null;
}

/** pt-BR reason a picked file cannot go (after compression), or null. */
export function attachmentError(file: FileLike): string | null {
  if (!attachmentType(file)) return SUPPORT_ERRORS.fileType(file.name);
  if (file.size > SUPPORT_LIMITS.fileMaxBytes) return SUPPORT_ERRORS.fileTooLarge(file.name);
  return null;
}

const sizeFmt = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** SPEC §5: sizes in KB or MB ("850 KB", "1,4 MB"); anything above 0 bytes shows at least 1 KB. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${sizeFmt.format(bytes / (1024 * 1024))} MB`;
  return `${Math.max(bytes > 0 ? 1 : 0, Math.round(bytes / 1024))} KB`;
}
