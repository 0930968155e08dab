import { Hono } from "hono";
import { AppError } from "../lib/errors";
import { agentIdParam } from "../schemas/agents";
import { createAgent, deleteAgent, getAgent, listAgents, toggleAgent, updateAgent } from "../services/agents";
import { type HonoEnv, serviceContext } from "./context";
import { jsonBody } from "./errors";
import { requireCurrentWorkspace, requireSession } from "./guards";

const parseId = (id: string) => {
  const parsed = agentIdParam.safeParse({ id });
  if (!parsed.success) throw new AppError("NOT_FOUND", "Agente não encontrado");
  return parsed.data.id;
};

/** /api/v1/agents: the current workspace's agents; permission flags checked in the services. */
export const agentRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const scope = await requireCurrentWorkspace(c);
    return c.json({ data: await listAgents(serviceContext(c, scope), scope) });
  })
  .post("/", async (c) => {
    const scope = await requireCurrentWorkspace(c);
    return c.json({ data: await createAgent(serviceContext(c, scope), scope, requireSession(c).user.id, await jsonBody(c)) }, 201);
  })
  .get("/:id", async (c) => {
    const scope = await requireCurrentWorkspace(c);
    return c.json({ data: await getAgent(c.get("deps").db, scope, parseId(c.req.param("id"))) });
  })
  .patch("/:id/toggle", async (c) => {
    const scope = await requireCurrentWorkspace(c);
    const row = await toggleAgent(serviceContext(c, scope), scope, requireSession(c).user.id, parseId(c.req.param("id")), await jsonBody(c));
    return c.json({ data: row });
  })
  .on(["PUT", "PATCH"], "/:id", async (c) => {
    const scope = await requireCurrentWorkspace(c);
    const row = await updateAgent(serviceContext(c, scope), scope, requireSession(c).user.id, parseId(c.req.param("id")), await jsonBody(c));
    return c.json({ data: row });
  })
  .delete("/:id", async (c) => {
    const scope = await requireCurrentWorkspace(c);
    return c.json({ data: await deleteAgent(serviceContext(c, scope), scope, requireSession(c).user.id, parseId(c.req.param("id"))) });
  });
