/**
 * Request body limits per route, enforced while the body is read: a declared Content-Length over
 * the limit is refused before reading; a chunked body is counted as it arrives and refused at the
 * first byte past the limit, so no route ever buffers more than its own limit.
 * Answer: 413 { error: { code: "PAYLOAD_TOO_LARGE", message } } (tRPC: its own error shape).
 */
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { Context, MiddlewareHandler } from "hono";
import superjson from "superjson";
import type { Env } from "../env";
import { AppError } from "../lib/errors";
import { readWithin } from "../lib/read-capped";
import { CONTACT_IMPORT_LIMITS, IMPORT_ERRORS } from "../schemas/crm/import-limits";
import { AVATAR_ERRORS, AVATAR_MAX_BYTES } from "../schemas/account";
import { SUPPORT_LIMITS } from "../schemas/support";
import type { HonoEnv } from "./context";

const KB = 1024;
const MB = 1024 * KB;

export const BODY_LIMITS = {
  default: 64 * KB,
  /** Public chat and the widget: one image or audio as a data URL (10 MB is ~13.4 MB of base64) plus history. */
  publicChat: 30 * MB,
  /** Feedback carries the rated reply (up to 50,000 characters) and the question. */
  feedback: 512 * KB,
  /** Editor saves: agents, intents, training texts and pasted transcripts (200,000 characters), prompts. */
  editor: 2 * MB,
  /** An uploaded OpenAPI/Swagger document: 2,000,000 characters, JSON-escaped. */
  openApiDocument: 8 * MB,
  /** Meta batches updates with media ids, never the media: a few MB at most. */
  webhook: 4 * MB,
  /** A support request: the screen recording, four other files and the fields (src/schemas/support.ts). */
  supportRequest: SUPPORT_LIMITS.videoMaxBytes + (SUPPORT_LIMITS.maxAttachments - 1) * SUPPORT_LIMITS.fileMaxBytes + 256 * KB,
  /** A lesson's downloadable material. */
  lessonMaterial: 50 * MB,
} as const;

/** Multipart framing around the one file of a document upload. */
const MULTIPART_OVERHEAD = 64 * KB;

const size = (bytes: number) => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`);
export const TOO_LARGE = (limit: number) => `A requisição é grande demais (máximo de ${size(limit)}).`;

/**
 * tRPC procedures whose input is legitimately larger than the default. A Map, not an object literal:
 * a path such as `/trpc/constructor` must not find an inherited property (that made the limit NaN).
 */
const TRPC_LIMITS: ReadonlyMap<string, number> = new Map(
  Object.entries({
  "agents.create": BODY_LIMITS.editor,
  "agents.update": BODY_LIMITS.editor,
  "agents.intents.create": BODY_LIMITS.editor,
  "agents.intents.update": BODY_LIMITS.editor,
  // The editor's preview chat takes the same attachments as the public chat.
  "agents.preview": BODY_LIMITS.publicChat,
  "training.addText": BODY_LIMITS.editor,
  "training.addVideo": BODY_LIMITS.editor,
  "training.update": BODY_LIMITS.editor,
  "admin.systemPrompt.save": BODY_LIMITS.editor,
  "dynamicApi.create": BODY_LIMITS.editor,
  "dynamicApi.update": BODY_LIMITS.editor,
  "dynamicApi.saveEndpoints": BODY_LIMITS.editor,
  "dynamicApi.test": BODY_LIMITS.editor,
  "dynamicApi.discover": BODY_LIMITS.openApiDocument,
  // Campaign lists (issue 16): up to 20,000 pasted numbers, and a CSV of up to 5,000,000 characters as text.
  "campaigns.lists.addNumbers": BODY_LIMITS.editor,
  "campaigns.lists.addFromCsv": 12 * MB,
  // Academy lessons (issue 19): contentMd takes up to 100,000 characters (~300 KB of UTF-8 JSON).
  "adminAcademy.lessons.create": BODY_LIMITS.editor,
  "adminAcademy.lessons.update": BODY_LIMITS.editor,
  }),
);

/**
 * streamed: the route reads the body itself, counting as it writes to disk (src/services/files/store.ts),
 * so a body without Content-Length is passed through instead of buffered here (before any session check).
 * lengthRequired: a body the route must parse whole (multipart) is refused when its length is not declared.
 */
type Rule = { limit: number; message: string; trpc: string[] | null; streamed?: boolean; lengthRequired?: boolean };

const rule = (limit: number, message = TOO_LARGE(limit), extra: Pick<Rule, "streamed" | "lengthRequired"> = {}): Rule => ({ limit, message, trpc: null, ...extra });
export const LENGTH_REQUIRED = "Envie o corpo da requisição com o cabeçalho Content-Length.";

/**
 * A batch (`/trpc/a,b?batch=1`) carries every input: each distinct large procedure's limit, plus one
 * default share for all the small ones (so listing many names, real or not, buys nothing).
 */
function trpcRule(path: string): Rule {
  const names = path.slice("/trpc/".length).split(",");
  const large = [...new Set(names)].reduce((n, name) => n + (TRPC_LIMITS.get(name) ?? 0), 0);
  const limit = Math.min(large + BODY_LIMITS.default, BODY_LIMITS.publicChat);
  return { limit, message: TOO_LARGE(limit), trpc: names };
}

type LimitEnv = Pick<Env, "TRAINING_MAX_UPLOAD_MB" | "ACADEMY_VIDEO_MAX_MB">;

export function bodyRule(method: string, path: string, env: LimitEnv): Rule {
  if (path.startsWith("/trpc/")) return trpcRule(path);
  if (path.startsWith("/webhooks/")) return rule(BODY_LIMITS.webhook);
  // A contacts CSV (100,000 rows are ~10–15 MB): the file's own limit plus the multipart framing.
  if (path === "/api/v1/contacts/imports" && method === "POST") return rule(CONTACT_IMPORT_LIMITS.maxBytes + MULTIPART_OVERHEAD, IMPORT_ERRORS.tooLarge);
  // An avatar: the picture's own limit plus the multipart framing (src/schemas/account.ts).
  if (path === "/api/v1/account/avatar" && method === "POST") return rule(AVATAR_MAX_BYTES + MULTIPART_OVERHEAD, AVATAR_ERRORS.tooLarge);
  // Issue 19: support requests (multipart) and academy uploads (raw bodies streamed to disk).
  if (path === "/api/v1/support/requests" && method === "POST") return rule(BODY_LIMITS.supportRequest, undefined, { lengthRequired: true });
  const lessonUpload = /^\/api\/v1\/admin\/academy\/lessons\/[^/]+\/(video|materials)\/?$/.exec(path);
  if (lessonUpload && method === "POST") {
    if (lessonUpload[1] === "video") return rule(env.ACADEMY_VIDEO_MAX_MB * MB, `O vídeo excede o tamanho máximo de ${env.ACADEMY_VIDEO_MAX_MB} MB.`, { streamed: true });
    return rule(BODY_LIMITS.lessonMaterial, "O material excede o tamanho máximo de 50 MB.", { streamed: true });
  }
  const agentPath = /^\/api\/v1\/agents(?:\/([^/]+)(?:\/(chat-external|feedback|training\/documents))?)?\/?$/.exec(path);
  if (agentPath) {
    const [, id, sub] = agentPath;
    if (sub === "chat-external") return rule(BODY_LIMITS.publicChat);
    if (sub === "feedback") return rule(BODY_LIMITS.feedback);
    if (sub === "training/documents") {
      const mb = env.TRAINING_MAX_UPLOAD_MB;
      return rule(mb * MB + MULTIPART_OVERHEAD, `O arquivo excede o tamanho máximo de ${mb} MB.`);
    }
    if ((!id && method === "POST") || (id && (method === "PUT" || method === "PATCH"))) return rule(BODY_LIMITS.editor);
  }
  return rule(BODY_LIMITS.default);
}

function refuse(c: Context<HonoEnv>, r: Rule): Response {
  if (!r.trpc) throw new AppError("PAYLOAD_TOO_LARGE", r.message);
  // tRPC clients read { error: <serialized shape> }, one per procedure when batched.
  const shape = (path: string) => ({
    error: superjson.serialize({
      message: r.message,
      code: TRPC_ERROR_CODES_BY_KEY.PAYLOAD_TOO_LARGE,
      data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413, path, appCode: "PAYLOAD_TOO_LARGE" },
    }),
  });
  const batch = c.req.query("batch") === "1";
  return c.json(batch ? r.trpc.map(shape) : shape(r.trpc[0] ?? ""), 413);
}

export function bodyLimits(env: LimitEnv): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const r = bodyRule(c.req.method, c.req.path, env);
    const declared = c.req.header("content-length");
    if (declared !== undefined && !c.req.header("transfer-encoding")) {
      if (Number(declared) > r.limit) return refuse(c, r);
      return next();
    }
    if (r.streamed) return next();
    if (r.lengthRequired) throw new AppError("VALIDATION", LENGTH_REQUIRED);
    const bytes = await readWithin(body, r.limit);
    if (!bytes) return refuse(c, r);
    // Every later reader (c.req.text/json/formData/arrayBuffer, the tRPC adapter) takes these bytes.
    // Hono keeps promises in bodyCache at runtime, whatever its type says.
    (c.req.bodyCache as unknown as { arrayBuffer?: Promise<ArrayBuffer> }).arrayBuffer = Promise.resolve(bytes.buffer);
    return next();
  };
}
