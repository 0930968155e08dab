import { z } from "zod";
import { MAX_AUDIO_BYTES, MAX_DOCUMENT_BYTES, MAX_HISTORY_ITEMS, MAX_IMAGE_BYTES, MAX_MESSAGE_CHARS } from "./public-chat-limits";

export { MAX_AUDIO_BYTES, MAX_DOCUMENT_BYTES, MAX_HISTORY_ITEMS, MAX_IMAGE_BYTES, MAX_MESSAGE_CHARS };

/** Bytes carried by a base64 data URL (without decoding it). */
export function dataUrlBytes(dataUrl: string) {
  const comma = dataUrl.indexOf(",");
  const b64 = comma >= 0 ? dataUrl.slice(comma + 1) : dataUrl;
  const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

const dataUrl = (kind: "image" | "audio" | "text|application", maxBytes: number, typeMsg: string, sizeMsg: string) =>
  z
    .string()
    .max(Math.ceil((maxBytes * 4) / 3) + 200, sizeMsg)
    .refine((s) => new RegExp(`^data:(${kind})/[\\w.+-]+(;[\\w=.+-]+)*;base64,`).test(s), typeMsg)
    .refine((s) => dataUrlBytes(s) <= maxBytes, sizeMsg);

export const BAD_IMAGE_MESSAGE = "Imagem inválida. Envie uma imagem PNG, JPG, GIF ou WebP.";

const isJpeg = (h: Buffer) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff;
/** The image types a model reads, each recognised by its first bytes (content must match the claim). */
const IMAGE_SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  "image/png": (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/jpeg": isJpeg,
  "image/jpg": isJpeg,
  "image/gif": (h) => /^GIF8[79]a$/.test(h.subarray(0, 6).toString("latin1")),
  "image/webp": (h) => h.subarray(0, 4).toString("latin1") === "RIFF" && h.subarray(8, 12).toString("latin1") === "WEBP",
};

/**
 * Strict base64 (Buffer.from silently skips junk such as "@@@") and magic bytes of the declared
 * type, so nothing malformed is stored or sent to the model. Other shapes are left to the checks before.
 */
function isWellFormedImage(dataUrl: string) {
  const head = /^data:(image\/[\w.+-]+)(?:;[\w=.+-]+)*;base64,/i.exec(dataUrl);
  if (!head) return true;
  const matches = IMAGE_SIGNATURES[(head[1] ?? "").toLowerCase()];
  const b64 = dataUrl.slice(head[0].length);
  if (!matches || b64.length === 0 || b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return false;
  return matches(Buffer.from(b64.slice(0, 16), "base64"));
}

export const chatExternalInput = z
  .object({
    message: z.string().max(MAX_MESSAGE_CHARS, `Mensagem muito longa (máximo de ${MAX_MESSAGE_CHARS} caracteres)`).default(""),
    chatHistory: z
      .array(
        z.object({
          role: z.enum(["user", "assistant"]),
          content: z.string().max(20_000, "Histórico inválido"),
        }),
      )
      .max(200, "Histórico muito longo")
      .default([]),
    imageData: dataUrl("image", MAX_IMAGE_BYTES, "Apenas imagens são aceitas", "A imagem deve ter no máximo 10MB")
      .refine(isWellFormedImage, BAD_IMAGE_MESSAGE)
      .nullish(),
    audioData: dataUrl("audio", MAX_AUDIO_BYTES, "Formato de áudio inválido", "O áudio deve ter no máximo 10MB").nullish(),
    documentData: dataUrl("text|application", MAX_DOCUMENT_BYTES, "Formato de documento inválido", "O documento deve ter no máximo 2MB").nullish(),
    sessionId: z.string().trim().min(1).max(100).optional(),
  })
  .refine((v) => v.message.trim() || v.imageData || v.audioData || v.documentData, { message: "Digite uma mensagem ou anexe uma imagem ou áudio", path: ["message"] });
export type ChatExternalInput = z.input<typeof chatExternalInput>;
export type ChatExternal = z.output<typeof chatExternalInput>;

export const feedbackInput = z.object({
  feedbackType: z.enum(["like", "dislike"], { message: "Tipo de feedback inválido" }),
  userMessage: z.string().max(20_000).optional().default(""),
  agentResponse: z.string().min(1, "Resposta avaliada é obrigatória").max(50_000),
  observation: z.string().trim().max(2000, "Observação deve ter no máximo 2000 caracteres").optional().default(""),
  sessionId: z.string().trim().min(1).max(100).optional(),
});
export type Feedback = z.output<typeof feedbackInput>;
