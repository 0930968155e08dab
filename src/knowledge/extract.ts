import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import mammoth from "mammoth";
import Papa from "papaparse";
import { extractText as extractPdfText } from "unpdf";

/**
 * Plain text out of what an owner trains an agent with. Each extractor returns readable text
 * with structure kept as line breaks and markdown-style headings, so the chunker can respect it.
 */
export class ExtractionError extends Error {
  override name = "ExtractionError";
}

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

export async function extractPdf(bytes: Uint8Array): Promise<string> {
  try {
    const { text } = await extractPdfText(new Uint8Array(bytes), { mergePages: false });
    return tidy(text.join("\n\n"));
  } catch {
    throw new ExtractionError("Não foi possível ler o PDF (arquivo corrompido ou protegido por senha).");
  }
}

export async function extractDocx(bytes: Uint8Array): Promise<string> {
  try {
    // Through HTML so headings survive as "# …" lines, which the chunker keeps sections by.
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    const { document } = parseHTML(`<html><body>${value}</body></html>`);
    markStructure(document);
    return tidy(document.body?.textContent ?? "");
  } catch {
    throw new ExtractionError("Não foi possível ler o arquivo DOCX.");
  }
}

/** CSV rows become "coluna: valor" lines, one block per row, so each row reads as a fact. */
export function extractCsv(text: string): string {
  const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: true });
  if (parsed.errors.length && parsed.data.length === 0) throw new ExtractionError("Não foi possível ler o CSV.");
  return parsed.data
    .map((row) =>
      Object.entries(row)
        .filter(([k, v]) => k && String(v ?? "").trim())
        .map(([k, v]) => `${k.trim()}: ${String(v).trim()}`)
        .join("\n"),
    )
    .filter(Boolean)
    .join("\n\n");
}

export async function extractDocument(fileName: string, bytes: Uint8Array): Promise<string> {
  const ext = extensionOf(fileName);
  const decode = () => new TextDecoder("utf-8").decode(bytes);
  switch (ext) {
    case "pdf":
      return extractPdf(bytes);
    case "docx":
      return extractDocx(bytes);
    case "csv":
      return extractCsv(decode());
    case "txt":
    case "md":
      return tidy(decode());
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
export function extractHtml(html: string, url: string): { title: string; text: string; links: string[] } {
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
