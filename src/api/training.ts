import { Hono } from "hono";
import { AppError } from "../lib/errors";
import { agentIdParam } from "../schemas/agents";
import { TRAINING_DENIED, requirePermission } from "../services/access";
import { addDocument } from "../services/training";
import { type HonoEnv, serviceContext } from "./context";
import { requireCurrentWorkspace } from "./guards";

/** Document upload (multipart, field "file"): the one training call that is not JSON. */
export const trainingRoutes = new Hono<HonoEnv>().post("/:id/training/documents", async (c) => {
  const scope = requirePermission(await requireCurrentWorkspace(c), "canEditAgents", TRAINING_DENIED);
  const parsed = agentIdParam.safeParse({ id: c.req.param("id") });
  if (!parsed.success) throw new AppError("NOT_FOUND", "Agente não encontrado");
  // The body was bounded by TRAINING_MAX_UPLOAD_MB while it was read (src/api/body-limit.ts).
  const form = await c.req.formData().catch(() => null);
  const file = form?.get("file");
  if (!(file instanceof File)) throw new AppError("VALIDATION", "Envie o arquivo no campo 'file'.", { field: "file" });
  const row = await addDocument(serviceContext(c, scope), scope, parsed.data.id, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  return c.json({ data: row }, 201);
});
