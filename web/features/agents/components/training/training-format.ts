import { trainingDocumentMeta } from "../../../../../src/schemas/training";
import type { IconName } from "../../../../components/ui/icons";

/** Pure helpers of the "Treinamentos" section: labels, sizes, money and the upload pre-check. */

export type SourceType = "text" | "website" | "document" | "video";
export type SourceStatus = "pending" | "processing" | "ready" | "failed";
export type UpdateFrequency = "never" | "daily" | "weekly" | "monthly";

export const STATUS_LABEL: Record<SourceStatus, string> = {
  pending: "Pendente",
  processing: "Processando",
  ready: "Pronto",
  failed: "Falhou",
};

export const STATUS_BADGE: Record<SourceStatus, string> = {
  pending: "badge-ghost",
  processing: "badge-info badge-soft",
  ready: "badge-success badge-soft",
  failed: "badge-error badge-soft",
};

export const TYPE_ICON: Record<SourceType, IconName> = { text: "fileText", website: "globe", document: "paperclip", video: "video" };
export const TYPE_LABEL: Record<SourceType, string> = { text: "Texto", website: "Site", document: "Documento", video: "Vídeo" };

export const FREQUENCY_OPTIONS: readonly { value: UpdateFrequency; label: string }[] = [
  { value: "never", label: "Nunca" },
  { value: "daily", label: "Diariamente" },
  { value: "weekly", label: "Semanalmente" },
  { value: "monthly", label: "Mensalmente" },
];

export const frequencyLabel = (f: string) => FREQUENCY_OPTIONS.find((o) => o.value === f)?.label ?? f;

export const isBusy = (s: { status: string }) => s.status === "pending" || s.status === "processing";

/** "1 trecho", "12 trechos". */
export const chunkLabel = (n: number) => `${n} ${n === 1 ? "trecho" : "trechos"}`;

export const cacheHitsLabel = (n: number) => `${n.toLocaleString("pt-BR")} ${n === 1 ? "resposta servida" : "respostas servidas"} do cache`;

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
/** R$ with pt-BR separators; the no-break space Intl puts after "R$" becomes a plain one. */
export const formatBrl = (n: number) => brl.format(Number.isFinite(n) ? n : 0).replace(/\u00a0/g, " ");

const oneDecimal = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });
/** 512 → "512 bytes", 2048 → "2 KB", 1_572_864 → "1,5 MB". */
export function formatBytes(n: number | null | undefined): string {
  const b = Number(n ?? 0);
  if (b < 1024) return `${b} ${b === 1 ? "byte" : "bytes"}`;
  if (b < 1024 * 1024) return `${oneDecimal.format(b / 1024)} KB`;
  return `${oneDecimal.format(b / (1024 * 1024))} MB`;
}

export const DOCUMENT_EXTENSIONS = ["pdf", "docx", "txt", "md", "csv"] as const;
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(",");
/** The server's default cap (TRAINING_MAX_UPLOAD_MB); the server re-checks whatever it is set to. */
export const MAX_UPLOAD_MB = 20;
export const UNSUPPORTED_TYPE = "Formato não suportado. Envie PDF, DOCX, TXT, Markdown ou CSV.";
export const tooLarge = (mb: number) => `O arquivo excede o tamanho máximo de ${mb} MB.`;

/** Checked before uploading, with the same words the server uses; null when the file may go. */
export function checkDocumentFile(file: { name: string; size: number }, maxMb = MAX_UPLOAD_MB): string | null {
  const meta = trainingDocumentMeta.safeParse({ fileName: file.name });
  if (!meta.success) return meta.error.issues[0]?.message ?? "Nome do arquivo é obrigatório";
  const ext = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? "";
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return UNSUPPORTED_TYPE;
  if (file.size > maxMb * 1024 * 1024) return tooLarge(maxMb);
  if (file.size === 0) return "O arquivo está vazio.";
  return null;
}
