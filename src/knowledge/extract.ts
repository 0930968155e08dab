import type { parseHTML } from "linkedom";
import { ExtractionError, LimitError, isOutOfMemory } from "./extract-errors";
import { type TrainingLimits, limitMessages } from "./limits";
import { assertZipWithinLimits } from "./zip-guard";

/**
 * Plain text out of what an owner trains an agent with. Each extractor returns readable text
 * with structure kept as line breaks and markdown-style headings, so the chunker can respect it.
 * Document extractors take the training limits and stop as soon as one is crossed; they run in
 * the extraction subprocess (extract-isolated.ts), never in the server. The parsers (pdf.js,
 * mammoth, linkedom, Readability, Papa Parse) are imported on first use: a server that only boots
 * never evaluates or holds them (issue 12, the binary's start and idle memory).
 */
export { ExtractionError };

export const DOCUMENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain",
  md: "text/markdown",
  csv: "text/csv",
};

export const extensionOf = (fileName: string) => fileName.toLowerCase().split(".").pop() ?? "";

const tidy = (s: string) =>
  s
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

/** Text beyond the cap is refused, not cut: a silently truncated source would answer wrongly. */
function capped(text: string, limits: TrainingLimits): string {
  if (text.length > limits.maxChars) throw new LimitError(limitMessages.chars(limits));
  return text;
}

/** Page by page (not all pages at once), stopping at the page or character cap. */
export async function extractPdf(bytes: Uint8Array, limits: TrainingLimits): Promise<string> {
  const { getDocumentProxy } = await import("unpdf");
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch (err) {
    if (isOutOfMemory(err)) throw err;
    throw new ExtractionError("Não foi possível ler o PDF (arquivo corrompido ou protegido por senha).");
  }
  try {
    if (pdf.numPages > limits.maxPdfPages) throw new LimitError(limitMessages.pdfPages(limits));
    const pages: string[] = [];
    let chars = 0;
    for (let i = 1; i <= pdf.numPages; i++) {
      const page = await pdf.getPage(i);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join("");
      page.cleanup();
      chars += text.length;
      if (chars > limits.maxChars * 2) throw new LimitError(limitMessages.chars(limits));
      pages.push(text);
    }
    return capped(tidy(pages.join("\n\n")), limits);
  } catch (err) {
    if (err instanceof ExtractionError || isOutOfMemory(err)) throw err;
    throw new ExtractionError("Não foi possível ler o PDF (arquivo corrompido ou protegido por senha).");
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

export async function extractDocx(bytes: Uint8Array, limits: TrainingLimits): Promise<string> {
  assertZipWithinLimits(bytes, limits);
  const [{ default: mammoth }, { parseHTML }] = await Promise.all([import("mammoth"), import("linkedom")]);
  let html: string;
  try {
    // Through HTML so headings survive as "# …" lines, which the chunker keeps sections by.
    // Images are left unread: as data URIs they would only inflate the HTML.
    const noImages = mammoth.images.imgElement(async () => ({ src: "" }));
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) }, { convertImage: noImages })).value;
  } catch (err) {
    if (isOutOfMemory(err)) throw err;
    throw new ExtractionError("Não foi possível ler o arquivo DOCX.");
  }
  const { document } = parseHTML(`<html><body>${html}</body></html>`);
  markStructure(document);
  return capped(tidy(document.body?.textContent ?? ""), limits);
}

/** A header longer than this is cut where it repeats on every row (a wide CSV must not multiply). */
const MAX_CSV_HEADER = 60;

/**
 * CSV rows become "coluna: valor" lines, one block per row, so each row reads as a fact. Columns
 * and cells (rows × columns) are bounded while parsing, and the text as it is built.
 */
export async function extractCsv(text: string, limits: TrainingLimits): Promise<string> {
  const { default: Papa } = await import("papaparse");
  let header: string[] | null = null;
  const blocks: string[] = [];
  let cells = 0;
  let chars = 0;
  let breach: LimitError | null = null;
  const parsed = Papa.parse<string[]>(text.trim(), {
    skipEmptyLines: true,
    step: (row, parser) => {
      const fields = row.data;
      if (!header) {
        if (fields.length > limits.maxCsvColumns) breach = new LimitError(limitMessages.csvColumns(limits));
        header = fields.map((h) => cutHeader(String(h ?? "").trim()));
      } else {
        cells += Math.max(fields.length, header.length);
        if (fields.length > limits.maxCsvColumns) breach = new LimitError(limitMessages.csvColumns(limits));
        else if (cells > limits.maxCsvCells) breach = new LimitError(limitMessages.csvCells(limits));
        else {
          const block = rowBlock(header, fields);
          chars += block.length + 2;
          if (chars > limits.maxChars) breach = new LimitError(limitMessages.chars(limits));
          else if (block) blocks.push(block);
        }
      }
      if (breach) parser.abort();
    },
  });
  if (breach) throw breach;
  if (parsed.errors.length && blocks.length === 0) throw new ExtractionError("Não foi possível ler o CSV.");
  return blocks.join("\n\n");
}

const cutHeader = (h: string) => (h.length > MAX_CSV_HEADER ? `${h.slice(0, MAX_CSV_HEADER - 1).trimEnd()}…` : h);

function rowBlock(header: string[], fields: string[]): string {
  const lines: string[] = [];
  for (const [i, raw] of fields.entries()) {
    const key = header[i];
    const value = String(raw ?? "").trim();
    if (key && value) lines.push(`${key}: ${value}`);
  }
  return lines.join("\n");
}

export async function extractDocument(fileName: string, bytes: Uint8Array, limits: TrainingLimits): Promise<string> {
  const ext = extensionOf(fileName);
  const decode = () => new TextDecoder("utf-8").decode(bytes);
  switch (ext) {
    case "pdf":
      return extractPdf(bytes, limits);
    case "docx":
      return extractDocx(bytes, limits);
    case "csv":
      return extractCsv(decode(), limits);
    case "txt":
    case "md":
      return capped(tidy(decode()), limits);
    default:
      throw new ExtractionError("Formato não suportado. Envie PDF, DOCX, TXT, Markdown ou CSV.");
  }
}

type Dom = ReturnType<typeof parseHTML>["document"];

/** Headings become "# …" lines, list items "- …", blocks end with a line break. */
function markStructure(document: Dom) {
  for (const h of document.querySelectorAll("h1,h2,h3,h4")) h.textContent = `\n${"#".repeat(Number(h.tagName[1]))} ${h.textContent?.trim()}\n`;
  for (const li of document.querySelectorAll("li")) li.textContent = `- ${li.textContent?.trim()}\n`;
  for (const p of document.querySelectorAll("p,br,tr,div")) p.append("\n");
}

/**
 * The readable part of a web page (Readability over linkedom's DOM), with headings as markdown
 * and the page title on top; falls back to the body text when Readability finds no article.
 */
export async function extractHtml(html: string, url: string): Promise<{ title: string; text: string; links: string[] }> {
  const [{ parseHTML }, { Readability }] = await Promise.all([import("linkedom"), import("@mozilla/readability")]);
  const { document } = parseHTML(html);
  const links = [...document.querySelectorAll("a[href]")]
    .map((a) => {
      try {
        return new URL(a.getAttribute("href") ?? "", url).toString().split("#")[0] ?? "";
      } catch {
        return "";
      }
    })
    .filter(Boolean);
  const title = (document.querySelector("title")?.textContent ?? "").trim();
  markStructure(document);
  let text = "";
  try {
    const article = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
    text = article?.textContent ?? "";
  } catch {
    text = "";
  }
  if (text.trim().length < 80) {
    for (const el of document.querySelectorAll("script,style,noscript,nav,footer,header,svg")) el.remove();
    text = document.body?.textContent ?? "";
  }
  return { title, text: tidy(text), links: [...new Set(links)] };
}

/** URLs listed in a sitemap.xml (a sitemap index lists other sitemaps the same way). */
export function parseSitemap(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)].map((m) => (m[1] ?? "").replace(/&amp;/g, "&"));
}
