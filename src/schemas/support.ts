/**
 * Support requests and the bug report (issue 19; SPEC §2 'Reportar Bug', §3, §5, §7, §8, §9).
 * Pure: the bug report dialog, the REST route and the services share these texts and limits.
 */
export const SUPPORT_TYPES = ["bug", "question", "billing", "feature"] as const;
export type SupportType = (typeof SUPPORT_TYPES)[number];
export const SUPPORT_TYPE_LABEL: Record<SupportType, string> = {
  bug: "Bug",
  question: "Dúvida",
  billing: "Cobrança",
  feature: "Funcionalidade",
};

export const SUPPORT_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_STATUS_LABEL: Record<SupportStatus, string> = {
  open: "Aberto",
  in_progress: "Em andamento",
  resolved: "Resolvido",
  closed: "Fechado",
};

export const SUPPORT_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];
export const SUPPORT_PRIORITY_LABEL: Record<SupportPriority, string> = {
  low: "Baixa",
  medium: "Média",
  high: "Alta",
  urgent: "Urgente",
};

const MB = 1024 * 1024;
/** What POST /api/v1/support/requests accepts (checked on the server by type and size). */
export const SUPPORT_LIMITS = {
  maxAttachments: 5,
  /** An image, pdf, doc, docx or txt. */
  fileMaxBytes: 10 * MB,
  /** screen-recording.webm: 180 s of 1920×1080 at 30 fps stays well under this. */
  videoMaxBytes: 100 * MB,
  subjectMax: 200,
  descriptionMax: 10_000,
} as const;

/** SPEC §2: images, pdf, doc, docx, txt; plus the dialog's own screen recording (webm). */
export const SUPPORT_FILE_TYPES: Record<string, "image" | "document" | "video"> = {
  "image/png": "image",
  "image/jpeg": "image",
  "image/webp": "image",
  "image/gif": "image",
  "application/pdf": "document",
  "application/msword": "document",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "document",
  "text/plain": "document",
  "video/webm": "video",
};

/** SPEC §5 and §8, literally. */
export const BUG_REPORT_TEXT = {
  title: "Reportar Bug",
  send: "Enviar Bug Report",
  stop: "Parar",
  needsContent: "Por favor, descreva o problema ou anexe um arquivo/vídeo.",
  defaultDescription: "Bug reportado via interface com arquivo/vídeo anexado",
  compressing: "Comprimindo imagem...",
  unauthenticated: "Você precisa estar autenticado para reportar bugs. Por favor, faça login novamente.",
  failedTitle: "Erro ao Enviar",
  failed: (reason: string) => `Falha ao enviar bug report: ${reason}`,
  sentTitle: "Bug Report Enviado!",
} as const;

/** SPEC §9: screen recording and image compression. */
export const BUG_RECORDING = { maxSeconds: 180, maxWidth: 1920, maxHeight: 1080, frameRate: 30, mimeType: "video/webm", fileName: "screen-recording.webm" } as const;
export const IMAGE_COMPRESSION = { aboveBytes: 500 * 1024, maxWidth: 1920, quality: 0.8 } as const;

/** Server answers of the support route (pt-BR, shown in the dialog's error toast). */
export const SUPPORT_ERRORS = {
  tooMany: `Envie no máximo ${SUPPORT_LIMITS.maxAttachments} anexos.`,
  fileTooLarge: (name: string) => `O arquivo "${name}" excede 10 MB.`,
  videoTooLarge: "A gravação de tela excede 100 MB.",
  fileType: (name: string) => `O arquivo "${name}" não é aceito. Envie imagens, PDF, DOC, DOCX, TXT ou a gravação de tela.`,
  subject: "Informe o assunto (até 200 caracteres).",
  description: "Descreva a solicitação (até 10.000 caracteres).",
  notFound: "Chamado não encontrado.",
} as const;
