import { type Context, Hono } from "hono";
import { AppError, fromZodError } from "../lib/errors";
import { supportCreatedMessage, supportRequestFields } from "../schemas/support-api";
import type { IncomingFile } from "../services/support/attachments";
import { createSupportRequest, releaseSupportSlot, takeSupportSlot } from "../services/support/create";
import type { ResolvedSession } from "../services/sessions";
import type { HonoEnv } from "./context";
import { requireSession } from "./guards";

const FIELDS = ["type", "subject", "description", "priority", "pageUrl", "appVersion"] as const;

/**
 * POST /api/v1/support/requests (SPEC §7, issue 19 H5): multipart type, subject, description,
 * priority, pageUrl, appVersion and repeated `attachments` (files and/or screen-recording.webm)
 * → 201 { message, data: { id } }. The body was bounded while read (src/api/body-limit.ts).
 */
export const supportRoutes = new Hono<HonoEnv>().post("/requests", async (c) => {
  const session = requireSession(c);
  const deps = c.get("deps");
  const slots = await takeSupportSlot(deps, session.user.id);
  try {
    return await openRequest(c, session);
  } catch (e) {
    await releaseSupportSlot(deps, slots);
    throw e;
  }
});

async function openRequest(c: Context<HonoEnv>, session: ResolvedSession) {
  const form = await c.req.formData().catch(() => null);
  if (!form) throw new AppError("VALIDATION", "Envie o chamado como multipart/form-data.");
  const raw: Record<string, string | undefined> = {};
  for (const key of FIELDS) {
    const value = form.get(key);
    raw[key] = typeof value === "string" ? value : undefined;
  }
  const parsed = supportRequestFields.safeParse(raw);
  if (!parsed.success) throw fromZodError(parsed.error);
  const files: IncomingFile[] = form
    .getAll("attachments")
    .filter((v): v is File => v instanceof File)
    // A file field left empty arrives as a part with filename="" and no bytes: it is no attachment.
    // Bun leaves `name` undefined for such a part, so it is read defensively (it used to be a 500).
    .map((f) => ({ name: typeof f.name === "string" ? f.name : "", type: f.type ?? "", size: f.size, bytes: async () => new Uint8Array(await f.arrayBuffer()) }))
    .filter((f) => f.name !== "" || f.size > 0);
  const { id } = await createSupportRequest(
    c.get("deps"),
    c.get("meta"),
    { userId: session.user.id, currentWorkspaceId: session.data.workspaceId },
    parsed.data,
    files,
  );
  return c.json({ message: supportCreatedMessage(id), data: { id } }, 201);
}
