import { Hono } from "hono";
import { AppError } from "../lib/errors";
import { agentIdParam, createAgentInput, toggleAgentInput, updateAgentInput } from "../schemas/agents";
import { requirePermission } from "../services/access";
import { createAgent, deleteAgent, getAgent, listAgents, toggleAgent, updateAgent } from "../services/agents";
import { type HonoEnv, serviceContext } from "./context";
import { jsonBody } from "./errors";
import { requireCurrentWorkspace, requireSession } from "./guards";

const parseId = (id: string) => {
  const parsed = agentIdParam.safeParse({ id });
  if (!parsed.success) throw new AppError("NOT_FOUND", "Agente não encontrado");
  return parsed.data.id;
};

/** /api/v1/agents: the current workspace's agents; each write declares its permission, bodies parsed here once. */
export const agentRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const scope = await requireCurrentWorkspace(c);
    return c.json({ data: await listAgents(serviceContext(c, scope), scope) });
  })
  .post("/", async (c) => {
    const scope = requirePermission(await requireCurrentWorkspace(c), "canCreateAgents");
    const input = createAgentInput.parse(await jsonBody(c));
    return c.json({ data: await createAgent(serviceContext(c, scope), scope, requireSession(c).user.id, input) }, 201);
  })
  .get("/:id", async (c) => {
    const scope = await requireCurrentWorkspace(c);
    return c.json({ data: await getAgent(c.get("deps").db, scope, parseId(c.req.param("id"))) });
  })
  .patch("/:id/toggle", async (c) => {
    const scope = requirePermission(await requireCurrentWorkspace(c), "canEditAgents");
    const input = toggleAgentInput.parse(await jsonBody(c));
    const row = await toggleAgent(serviceContext(c, scope), scope, requireSession(c).user.id, parseId(c.req.param("id")), input);
    return c.json({ data: row });
  })
  .on(["PUT", "PATCH"], "/:id", async (c) => {
    const scope = requirePermission(await requireCurrentWorkspace(c), "canEditAgents");
    const patch = updateAgentInput.parse(await jsonBody(c));
    const row = await updateAgent(serviceContext(c, scope), scope, requireSession(c).user.id, parseId(c.req.param("id")), patch);
    return c.json({ data: row });
  })
  .delete("/:id", async (c) => {
    const scope = requirePermission(await requireCurrentWorkspace(c), "canDeleteAgents");
    return c.json({ data: await deleteAgent(serviceContext(c, scope), scope, requireSession(c).user.id, parseId(c.req.param("id"))) });
  });
