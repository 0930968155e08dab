import { Hono } from "hono";
import { AppError } from "../lib/errors";
import { CRM_READ_ONLY } from "../schemas/permissions";
import { IMPORT_ERRORS, parseExportQuery, startImportOptions } from "../schemas/crm/imports";
import { requirePermission } from "../services/access";
import { exportContactsCsv, exportFileName } from "../services/crm/contact-export";
import { startContactImport } from "../services/crm/contact-imports";
import { type HonoEnv, serviceContext } from "./context";
import { requireCurrentWorkspace } from "./guards";

/** The form fields next to the file arrive as text: the mapping is JSON. */
function importOptions(form: FormData) {
  let mapping: unknown;
  try {
    mapping = JSON.parse(String(form.get("mapping") ?? ""));
  } catch {
    throw new AppError("VALIDATION", "Mapeamento de colunas inválido.", { field: "mapping" });
  }
  return startImportOptions.parse({ mapping, onDuplicate: form.get("onDuplicate") });
}

/**
 * /api/v1/contacts: the two CRM calls that are not JSON. The CSV upload (multipart: file, mapping,
 * onDuplicate; bounded by the body limit of src/api/body-limit.ts) and the streamed CSV export.
 */
export const contactRoutes = new Hono<HonoEnv>()
  .post("/imports", async (c) => {
    const scope = requirePermission(await requireCurrentWorkspace(c), "canAnswerConversations", CRM_READ_ONLY);
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    if (!form || !(file instanceof File)) throw new AppError("VALIDATION", IMPORT_ERRORS.noFile, { field: "file" });
    const options = importOptions(form);
    const row = await startContactImport(serviceContext(c, scope), scope, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }, options);
    return c.json({ data: row }, 201);
  })
  .get("/export", async (c) => {
    const scope = await requireCurrentWorkspace(c);
    const filter = parseExportQuery(c.req.query());
    const ctx = serviceContext(c, scope);
    c.header("content-disposition", `attachment; filename="${exportFileName(ctx.now())}"`);
    c.header("cache-control", "no-store");
    return c.body(exportContactsCsv(ctx, scope, filter), 200, { "content-type": "text/csv; charset=utf-8" });
  });
