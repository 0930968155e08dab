/**
 * The certificate as a PDF (issue 19): A4 landscape drawn with pdf-lib — name, course, date in
 * São Paulo time, the verification code and the public URL that confirms it (also a link).
 */
// Types only here: pdf-lib (~40 ms and ~20 MB to load) is imported when a certificate is drawn, not at boot.
import type { Color, PDFFont, PDFPage } from "pdf-lib";
import { certificateVerifyPath } from "../../schemas/academy/quiz";

export type CertificatePdfInput = {
  recipientName: string;
  courseTitle: string;
  issuedAt: number;
  verificationCode: string;
  appUrl: string;
};

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const TEAL_RGB = [0.06, 0.46, 0.43] as const;
const INK_RGB = [0.13, 0.15, 0.18] as const;
const MUTED_RGB = [0.4, 0.43, 0.47] as const;

const issuedDate = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "numeric", month: "long", year: "numeric" });

/** "26 de novembro de 2026", the day in São Paulo. */
export const certificateDate = (ms: number) => issuedDate.format(new Date(ms));

/**
 * The standard fonts speak WinAnsi only (Latin-1 accents are fine): a letter they cannot draw loses
 * its accent if it has one, or becomes "?", instead of failing the whole download.
 */
function drawable(font: PDFFont, text: string): string {
  let out = "";
  for (const ch of text) {
    const candidates = [ch, ch.normalize("NFD").replace(/\p{M}/gu, ""), "?"];
    out += candidates.find((c) => {
      try {
        font.encodeText(c);
        return c.length > 0;
      } catch {
        return false;
      }
    });
  }
  return out;
}

/** Centered text shrunk until it fits the width (long names and course titles stay on the page). */
function centered(page: PDFPage, font: PDFFont, raw: string, y: number, size: number, color: Color) {
  const text = drawable(font, raw);
  const maxWidth = page.getWidth() - 160;
  let s = size;
  while (s > 10 && font.widthOfTextAtSize(text, s) > maxWidth) s -= 1;
  const width = font.widthOfTextAtSize(text, s);
  page.drawText(text, { x: (page.getWidth() - width) / 2, y, size: s, font, color });
  return { width, size: s };
}

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const { PDFDocument, PDFName, PDFString, StandardFonts, rgb } = await import("pdf-lib");
  const [TEAL, INK, MUTED] = [TEAL_RGB, INK_RGB, MUTED_RGB].map(([r, g, b]) => rgb(r, g, b)) as [Color, Color, Color];
  const doc = await PDFDocument.create();
  const verifyUrl = `${input.appUrl}${certificateVerifyPath(input.verificationCode)}`;
  doc.setTitle(`Certificado — ${input.courseTitle}`);
  doc.setSubject(`Código de verificação ${input.verificationCode}`);
  doc.setAuthor("Atenda");
  doc.setCreationDate(new Date(input.issuedAt));

  const page = doc.addPage(A4_LANDSCAPE);
  const [regular, bold, script] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.TimesRomanBoldItalic),
  ]);
  const { width, height } = page.getSize();
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: TEAL, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: width - 68, height: height - 68, borderColor: TEAL, borderWidth: 0.75 });

  centered(page, bold, "ATENDA ACADEMY", height - 90, 14, TEAL);
  centered(page, bold, "CERTIFICADO DE CONCLUSÃO", height - 150, 30, INK);
  centered(page, regular, "Certificamos que", height - 200, 14, MUTED);
  centered(page, script, input.recipientName, height - 255, 40, INK);
  centered(page, regular, "concluiu o curso", height - 300, 14, MUTED);
  centered(page, bold, input.courseTitle, height - 345, 24, INK);
  centered(page, regular, `em ${certificateDate(input.issuedAt)}`, height - 385, 14, MUTED);

  centered(page, bold, `Código de verificação: ${input.verificationCode}`, 110, 13, INK);
  const link = centered(page, regular, `Confira a autenticidade em ${verifyUrl}`, 88, 11, TEAL);
  // The verification line is also a link: a click in a PDF reader opens the public page.
  const annotation = doc.context.obj({
    Type: "Annot",
    Subtype: "Link",
    Rect: [(width - link.width) / 2, 84, (width + link.width) / 2, 84 + link.size + 4],
    Border: [0, 0, 0],
    A: { Type: "Action", S: "URI", URI: PDFString.of(verifyUrl) },
  });
  page.node.set(PDFName.of("Annots"), doc.context.obj([doc.context.register(annotation)]));
  // Plain objects (no object streams): the link, with the code in it, stays readable in the file itself.
  return doc.save({ useObjectStreams: false });
}

/** "certificado-primeiros-passos-com-a-atenda.pdf": ASCII, for the attachment's plain filename. */
export function certificateFileName(courseTitle: string): string {
  const slug = courseTitle
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `certificado-${slug || "curso"}.pdf`;
}
