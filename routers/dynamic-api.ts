import { agentRef } from "../src/schemas/agents";
import { z } from "zod";
import { createDynamicApiInput, discoverInput, saveEndpointsInput, testEndpointInput, updateDynamicApiInput } from "../src/schemas/dynamic-api";
import { createDynamicApi, deleteDynamicApi, listDynamicApis, updateDynamicApi } from "../src/services/dynamic-api";
import { discoverEndpoints, saveEndpoints, testEndpoint } from "../src/services/dynamic-api-endpoints";
import { editorProcedure, router, workspaceProcedure } from "./trpc";

/** Dynamic APIs of an agent: members list them (secrets as has<Field>); every change and call is for editors. */
const byId = z.object({ id: z.uuid() });

export const dynamicApiRouter = router({
  list: workspaceProcedure.input(agentRef).query(({ ctx, input }) => listDynamicApis(ctx.svc, ctx.workspace, input.agentId)),
  create: editorProcedure.input(createDynamicApiInput).mutation(({ ctx, input }) => createDynamicApi(ctx.svc, ctx.workspace, input.agentId, input.api)),
  update: editorProcedure.input(updateDynamicApiInput).mutation(({ ctx, input }) => updateDynamicApi(ctx.svc, ctx.workspace, input.id, input.api)),
  /** → the endpoints found and the detection method. */
  discover: editorProcedure.input(discoverInput).mutation(({ ctx, input }) => discoverEndpoints(ctx.svc, ctx.workspace, input)),
  /** { id, selected: endpoint keys, manual: endpoint definitions } */
  saveEndpoints: editorProcedure.input(saveEndpointsInput).mutation(({ ctx, input }) => saveEndpoints(ctx.svc, ctx.workspace, input)),
  /** → status, duration, headers subset and body of one real call (with the stored credentials). */
  test: editorProcedure.input(testEndpointInput).mutation(({ ctx, input }) => testEndpoint(ctx.svc, ctx.workspace, input)),
  delete: editorProcedure.input(byId).mutation(({ ctx, input }) => deleteDynamicApi(ctx.svc, ctx.workspace, input.id)),
});
