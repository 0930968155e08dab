import { z } from "zod";
import { httpUrl, line, paragraph } from "./text";

/** SPEC §5 Training rules. */
const webUrl = httpUrl("URL deve usar protocolo HTTP ou HTTPS");

const VIDEO_HOSTS = /^(www\.|m\.)?(youtube\.com|youtu\.be|vimeo\.com|player\.vimeo\.com|dailymotion\.com|dai\.ly)$/i;
export const isVideoUrl = (s: string) => {
  try {
    const u = new URL(s);
    return (u.protocol === "https:" || u.protocol === "http:") && VIDEO_HOSTS.test(u.hostname);
  } catch {
    return false;
  }
};

export const trainingTextInput = z.object({
  content: paragraph(10, 10000, { min: "O texto deve ter pelo menos 10 caracteres", max: "O texto deve ter no máximo 10.000 caracteres" }),
  imageUrl: z.preprocess((v) => (v === "" ? null : v), webUrl.nullish()),
});

export const updateFrequencies = ["never", "daily", "weekly", "monthly"] as const;

export const trainingWebsiteInput = z.object({
  url: webUrl,
  subpages: z.array(webUrl).max(200, "No máximo 200 subpáginas").default([]),
  updateFrequency: z.enum(updateFrequencies, { message: "Frequência inválida" }).default("never"),
});

export const trainingVideoInput = z.object({
  title: line(2, 200, { min: "O título deve ter pelo menos 2 caracteres", max: "O título deve ter no máximo 200 caracteres" }),
  url: z.string().trim().refine(isVideoUrl, "URL deve ser de um vídeo válido (YouTube, Vimeo, etc.)"),
  /** The owner may paste or edit the transcript; when empty the captions are fetched. */
  transcript: paragraph(0, 200000, { max: "Transcrição muito longa" }).optional(),
});

export const trainingDocumentMeta = z.object({
  fileName: z.string().trim().min(1, "Nome do arquivo é obrigatório").max(255, "Nome do arquivo deve ter no máximo 255 caracteres"),
});

export const discoverInput = z.object({ url: webUrl });
export type Discover = z.output<typeof discoverInput>;
export type TrainingText = z.output<typeof trainingTextInput>;
export type TrainingWebsite = z.output<typeof trainingWebsiteInput>;
export type TrainingVideo = z.output<typeof trainingVideoInput>;

/**
 * An edit sends only what changes (no defaults here, or a left-out field would be wiped); the
 * service lays it over the stored source and validates the whole with the source type's contract.
 */
export const trainingSourcePatch = z.object({
  content: trainingTextInput.shape.content.optional(),
  imageUrl: trainingTextInput.shape.imageUrl,
  subpages: trainingWebsiteInput.shape.subpages.unwrap().optional(),
  updateFrequency: trainingWebsiteInput.shape.updateFrequency.unwrap().optional(),
  title: trainingVideoInput.shape.title.optional(),
  transcript: trainingVideoInput.shape.transcript,
});
export type TrainingSourcePatch = z.output<typeof trainingSourcePatch>;
