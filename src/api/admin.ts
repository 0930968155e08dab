import { Hono } from "hono";
import { creditGrantInput } from "../schemas/workspaces";
import { grantBonusCredits, listModelPricing } from "../services/credits";
import { type HonoEnv, serviceContext } from "./context";
import { jsonBody } from "./errors";
import { requireAdmin } from "./guards";

/** Every /api/v1/admin path refuses non-admins on the server, not only in the menu. */
export const adminRoutes = new Hono<HonoEnv>()
  .use(async (c, next) => {
    requireAdmin(c);
    await next();
  })
  .get("/model-pricing", async (c) => {
    return c.json({ data: await listModelPricing(c.get("deps").db) });
  })
  .post("/credits/grant", async (c) => {
    const admin = requireAdmin(c);
    return c.json({ data: await grantBonusCredits(serviceContext(c), admin.user.id, creditGrantInput.parse(await jsonBody(c))) });
  });
