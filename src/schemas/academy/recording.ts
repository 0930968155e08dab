/**
 * Lesson uploads (videos, materials) and the in-browser recording of /admin/academy/record (issue 19).
 * Pure: the REST route, the services and the admin pages share these texts, limits and contracts.
 */
import { z } from "zod";

const MB = 1024 * 1024;

/** What POST /api/v1/admin/academy/lessons/{id}/video accepts (the size limit is env ACADEMY_VIDEO_MAX_MB). */
export const LESSON_VIDEO_TYPES = ["video/mp4", "video/webm", "video/quicktime"] as const;
export type LessonVideoType = (typeof LESSON_VIDEO_TYPES)[number];

/** Materials by extension: the name decides the type we store (a browser's Content-Type is often empty). */
export const LESSON_MATERIAL_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  txt: "text/plain",
  zip: "application/zip",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};
export const LESSON_MATERIAL_MAX_BYTES = 50 * MB;
/** The `accept` of the materials file input. */
export const LESSON_MATERIAL_ACCEPT = Object.keys(LESSON_MATERIAL_TYPES)
  .map((ext) => `.${ext}`)
  .join(",");

/** The longest lesson we believe a file's header about (10 h): more is a broken header, not a lesson. */
export const MAX_LESSON_SECONDS = 10 * 60 * 60;

export const LESSON_UPLOAD_ERRORS = {
  lessonNotFound: "Aula não encontrada.",
  videoType: "Envie o vídeo em MP4, WebM ou MOV.",
  videoContent: "O arquivo não parece ser um vídeo MP4, WebM ou MOV.",
  videoTooLarge: (mb: number) => `O vídeo excede o tamanho máximo de ${mb} MB.`,
  emptyFile: "O arquivo está vazio.",
  materialType: "Tipo de material não aceito. Envie PDF, DOC, DOCX, XLS, XLSX, PPT, PPTX, TXT, ZIP, PNG ou JPG.",
  materialContent: "O conteúdo do arquivo não corresponde à sua extensão.",
  materialTooLarge: "O material excede o tamanho máximo de 50 MB.",
  durationHeader: "X-Duration-Seconds deve ser um número de segundos.",
} as const;

/** Why a video could not be processed (academy_lessons.processingError, shown in the editor). */
export const VIDEO_PROCESSING_ERRORS = {
  fileMissing: "O arquivo do vídeo não foi encontrado no servidor. Envie o vídeo novamente.",
  noDuration: "Não foi possível ler a duração do vídeo. Envie o arquivo novamente ou em outro formato (MP4 ou WebM).",
  unreadable: "O arquivo de vídeo está corrompido ou em um formato que não conseguimos ler.",
  gaveUp: "Não foi possível processar o vídeo depois de várias tentativas. Envie o vídeo novamente.",
} as const;

/** 201 of the video upload. */
export type LessonVideoUploaded = { lessonId: string; fileId: string; processingStatus: "pending" };
/** 201 of the materials upload. */
export type LessonMaterialUploaded = { id: string; fileId: string; title: string };

/** Recording templates (SPEC §2 /admin/academy/record): resolution and frame rate. */
export const RECORDING_LIMITS = { minWidth: 320, maxWidth: 3840, minHeight: 240, maxHeight: 2160, minFps: 5, maxFps: 60, nameMax: 80 } as const;

export const RECORDING_TEXT = {
  stop: "Parar",
  start: "Iniciar gravação",
  save: "Salvar como aula",
  templateNotFound: "Modelo de gravação não encontrado.",
  moduleNotFound: "Módulo não encontrado.",
  lessonNotFound: LESSON_UPLOAD_ERRORS.lessonNotFound,
  lastTemplate: "Mantenha pelo menos um modelo de gravação.",
} as const;

const templateFields = {
  name: z.string().trim().min(1, "Informe o nome do modelo.").max(RECORDING_LIMITS.nameMax, `O nome tem no máximo ${RECORDING_LIMITS.nameMax} caracteres.`),
  width: z
    .number()
    .int("A largura deve ser um número inteiro.")
    .min(RECORDING_LIMITS.minWidth, `A largura mínima é ${RECORDING_LIMITS.minWidth} px.`)
    .max(RECORDING_LIMITS.maxWidth, `A largura máxima é ${RECORDING_LIMITS.maxWidth} px.`),
  height: z
    .number()
    .int("A altura deve ser um número inteiro.")
    .min(RECORDING_LIMITS.minHeight, `A altura mínima é ${RECORDING_LIMITS.minHeight} px.`)
    .max(RECORDING_LIMITS.maxHeight, `A altura máxima é ${RECORDING_LIMITS.maxHeight} px.`),
  frameRate: z
    .number()
    .int("Os quadros por segundo devem ser um número inteiro.")
    .min(RECORDING_LIMITS.minFps, `O mínimo é ${RECORDING_LIMITS.minFps} fps.`)
    .max(RECORDING_LIMITS.maxFps, `O máximo é ${RECORDING_LIMITS.maxFps} fps.`),
  withMicrophone: z.boolean(),
  isDefault: z.boolean(),
};

const uuid = z.uuid("Identificador inválido.");

export const recordingTemplateCreateInput = z.object(templateFields);
export const recordingTemplateUpdateInput = z.object({ id: uuid, ...templateFields });
export const recordingTemplateIdInput = z.object({ id: uuid });

export const recordingCreateLessonInput = z.object({
  moduleId: uuid,
  title: z.string().trim().min(1, "Informe o título da aula.").max(200, "O título tem no máximo 200 caracteres."),
  description: z.string().trim().max(2000, "A descrição tem no máximo 2000 caracteres.").default(""),
});

/** The page follows the uploaded recording until the job settled it. */
export const recordingLessonStatusInput = z.object({ lessonId: uuid });
export type RecordingLessonStatus = { lessonId: string; courseId: string; title: string; processingStatus: "pending" | "processing" | "ready" | "failed"; durationSeconds: number; processingError: string | null };

export type RecordingTemplateInput = z.infer<typeof recordingTemplateCreateInput>;
export type RecordingTemplate = RecordingTemplateInput & { id: string };
export type RecordingTarget = { id: string; title: string; isPublished: boolean; modules: { id: string; title: string }[] };
