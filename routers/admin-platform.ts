import { z } from "zod";
import {
  uazapiPlatformInput,
  uazapiPlatformTestInput,
  whatsappPlatformInput,
  workspaceInstancesInput,
  workspaceUsageInput,
} from "../src/schemas/admin-platform";
import { dropStatusCache, systemStatus } from "../src/services/admin/platform/status";
import {
  getUazapiPlatform,
  saveUazapiPlatform,
  setWorkspaceInstances,
  testUazapiPlatform,
  workspaceInstanceUsage,
} from "../src/services/admin/platform/uazapi";
import { getWhatsappPlatform, saveWhatsappPlatform, testWhatsappPlatform } from "../src/services/admin/platform/whatsapp";
import { adminProcedure, router } from "./trpc";

/** Admin: platform-wide own-server WhatsApp gateway, Meta app config and the system status (/admin/uazapi, /admin/whatsapp-config, /admin/status) (issue 17). */
export const adminPlatformRouter = router({
  uazapi: router({
    get: adminProcedure.query(({ ctx }) => getUazapiPlatform(ctx.deps)),
    save: adminProcedure.input(uazapiPlatformInput).mutation(({ ctx, input }) => saveUazapiPlatform(ctx.svc, input)),
    test: adminProcedure.input(uazapiPlatformTestInput).mutation(({ ctx, input }) => testUazapiPlatform(ctx.deps, input)),
    workspaces: adminProcedure.input(workspaceUsageInput).query(({ ctx, input }) => workspaceInstanceUsage(ctx.deps, input.ownerEmail)),
    setWorkspaceLimit: adminProcedure.input(workspaceInstancesInput).mutation(({ ctx, input }) => setWorkspaceInstances(ctx.svc, input)),
  }),
  whatsapp: router({
    get: adminProcedure.query(({ ctx }) => getWhatsappPlatform(ctx.deps)),
    save: adminProcedure.input(whatsappPlatformInput).mutation(({ ctx, input }) => saveWhatsappPlatform(ctx.svc, input)),
    test: adminProcedure.input(z.object({}).optional()).mutation(({ ctx }) => testWhatsappPlatform(ctx.deps)),
  }),
  status: adminProcedure.query(({ ctx }) => systemStatus(ctx.deps)),
  refreshStatus: adminProcedure.input(z.object({}).optional()).mutation(() => {
    dropStatusCache();
    return { ok: true };
  }),
});
