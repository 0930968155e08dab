import { describe, expect, test } from "bun:test";
import { SUPPORT_ERRORS } from "../../../../src/schemas/support";
import { attachmentError, attachmentType, formatFileSize } from "./attachments";

const KB = 1024;
const MB = 1024 * KB;

describe("bug report attachments", () => {
  test("sizes read in KB below a megabyte and in MB (pt-BR decimals) above", () => {
    expect(formatFileSize(300)).toBe("1 KB");
    expect(formatFileSize(850 * KB)).toBe("850 KB");
    expect(formatFileSize(1.5 * MB)).toBe("1,5 MB");
    expect(formatFileSize(10 * MB)).toBe("10 MB");
  });

  test("images, PDF, DOC, DOCX and TXT are accepted, by type or by extension when the system gives none", () => {
    expect(attachmentType({ name: "tela.png", type: "image/png", size: 1 })).toBe("image/png");
    expect(attachmentType({ name: "relatorio.docx", type: "", size: 1 })).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(attachmentType({ name: "notas.TXT", type: "application/octet-stream", size: 1 })).toBe("text/plain");
    expect(attachmentType({ name: "planilha.xlsx", type: "application/vnd.ms-excel", size: 1 })).toBeNull();
    // The webm only comes from the dialog's own recording, never from the file picker.
    expect(attachmentType({ name: "video.webm", type: "video/webm", size: 1 })).toBeNull();
  });

  test("a refused file says why in pt-BR", () => {
    expect(attachmentError({ name: "app.exe", type: "application/x-msdownload", size: 10 })).toBe(SUPPORT_ERRORS.fileType("app.exe"));
    expect(attachmentError({ name: "grande.pdf", type: "application/pdf", size: 11 * MB })).toBe(SUPPORT_ERRORS.fileTooLarge("grande.pdf"));
    expect(attachmentError({ name: "ok.pdf", type: "application/pdf", size: 10 * MB })).toBeNull();
  });
});
