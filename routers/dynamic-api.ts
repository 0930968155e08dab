import { z } from "zod";
import { createDynamicApi, deleteDynamicApi, listDynamicApis, updateDynamicApi } from "../src/services/dynamic-api";
import { discoverEndpoints, saveEndpoints, testEndpoint } from "../src/services/dynamic-api-endpoints";
import { router, workspaceProcedure } from "./trpc";

/** Dynamic APIs of an agent. Bodies are validated by the services' zod contracts (src/schemas/dynamic-api.ts). */
const anyBody = z.unknown();
const byId = z.object({ id: z.uuid() });

export const dynamicApiRouter = router({
  list: workspaceProcedure.input(z.object({ agentId: z.uuid() })).query(({ ctx, input }) => listDynamicApis(ctx.svc, ctx.workspace, input.agentId)),
  create: workspaceProcedure
    .input(z.object({ agentId: z.uuid(), api: anyBody }))
    .mutation(({ ctx, input }) => createDynamicApi(ctx.svc, ctx.workspace, input.agentId, input.api)),
  update: workspaceProcedure
    .input(z.object({ id: z.uuid(), api: anyBody }))
    .mutation(({ ctx, input }) => updateDynamicApi(ctx.svc, ctx.workspace, input.id, input.api)),
  /** { id, url? | document? } → the endpoints found and the detection method. */
  discover: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => discoverEndpoints(ctx.svc, ctx.workspace, input)),
  /** { id, selected: endpoint keys, manual: endpoint definitions } */
  saveEndpoints: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => saveEndpoints(ctx.svc, ctx.workspace, input)),
  /** { id, endpointKey, args } → status, duration, headers subset and body of one real call. */
  test: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => testEndpoint(ctx.svc, ctx.workspace, input)),
  delete: workspaceProcedure.input(byId).mutation(({ ctx, input }) => deleteDynamicApi(ctx.svc, ctx.workspace, input.id)),
});
