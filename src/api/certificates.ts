import { Hono } from "hono";
import { certificateFor } from "../services/academy/certificates";
import { certificateFileName, renderCertificatePdf } from "../services/academy/certificate-pdf";
import type { HonoEnv } from "./context";
import { requireSession } from "./guards";

/**
 * GET /api/v1/academy/certificates/{id}/pdf (issue 19 H2): the learner's certificate as a PDF, for
 * its owner or an admin; anyone else gets 404, as for an id that does not exist.
 */
export const certificateRoutes = new Hono<HonoEnv>().get("/:id/pdf", async (c) => {
  const session = requireSession(c);
  const deps = c.get("deps");
  const cert = await certificateFor(deps, session.user, c.req.param("id"));
  const pdf = await renderCertificatePdf({ ...cert, appUrl: deps.appUrl });
  c.header("content-type", "application/pdf");
  c.header("content-disposition", `attachment; filename="${certificateFileName(cert.courseTitle)}"`);
  c.header("cache-control", "private, no-store");
  c.header("x-content-type-options", "nosniff");
  // A fresh ArrayBuffer-backed copy: the body type Hono accepts.
  return c.body(new Uint8Array(pdf));
});
