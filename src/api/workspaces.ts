import { Hono } from "hono";
import { AppError } from "../lib/errors";
import { createWorkspaceInput, workspaceIdParam } from "../schemas/workspaces";
import { getDashboard } from "../services/dashboard";
import { createWorkspace, listWorkspaces, switchWorkspace } from "../services/workspaces";
import { type HonoEnv, serviceContext } from "./context";
import { jsonBody } from "./errors";
import { requireSession, requireWorkspace } from "./guards";

const parseId = (id: string) => {
  const parsed = workspaceIdParam.safeParse({ id });
  if (!parsed.success) throw new AppError("NOT_FOUND", "Workspace não encontrado");
  return parsed.data.id;
};

export const workspaceRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const session = requireSession(c);
    const current = session.data.workspaceId ? await requireWorkspace(c, session.data.workspaceId).catch(() => null) : null;
    return c.json({ data: await listWorkspaces(serviceContext(c, current), session.user.id) });
  })
  .post("/", async (c) => {
    const session = requireSession(c);
    const ws = await createWorkspace(serviceContext(c), session.user.id, createWorkspaceInput.parse(await jsonBody(c)));
    return c.json({ data: ws }, 201);
  })
  .post("/:id/switch", async (c) => {
    const session = requireSession(c);
    const result = await switchWorkspace(
      serviceContext(c),
      { userId: session.user.id, sid: session.sid, data: session.data },
      parseId(c.req.param("id")),
    );
    return c.json({ data: result });
  })
  .get("/:id/dashboard", async (c) => {
    const scope = await requireWorkspace(c, parseId(c.req.param("id")));
    return c.json({ data: await getDashboard(c.get("deps").db, scope.id, c.get("deps").now()) });
  });
