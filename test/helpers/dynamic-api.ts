/** tRPC helpers for the dynamic API tests: create an API, discover, select, test. */
import type { Client } from "./client";
import type { Inputs } from "./trpc-proxy";

type ApiInput = Inputs["dynamicApi"]["create"]["api"];
type ManualEndpoint = NonNullable<Inputs["dynamicApi"]["saveEndpoints"]["manual"]>[number];

export type PublicApi = { id: string; name: string; status: string; testStatus: string | null; config: Record<string, unknown> };
export type Endpoint = { key: string; method: string; path: string; operationId?: string | null; parameters: { name: string; in: string; type: string; required: boolean; description?: string | null }[]; requestBody?: { required: boolean; schema: Record<string, unknown> } | null };
export type TestRun = { ok: boolean; status: number; durationMs: number; headers: Record<string, string>; body: unknown; error: string | null };

async function must<T>(p: Promise<{ ok: boolean; data: T; error: unknown }>): Promise<T> {
  const res = await p;
  if (!res.ok) throw new Error(`tRPC failed: ${JSON.stringify(res.error)}`);
  return res.data;
}

export const createApi = (client: Client, agentId: string, api: Omit<ApiInput, "name"> & { name?: string }) =>
  must(client.trpc.dynamicApi.create.mutate({ agentId, api: { name: "Loja", ...api } }));
export const listApis = (client: Client, agentId: string) => must(client.trpc.dynamicApi.list.query({ agentId }));
export const discover = (client: Client, input: { id: string; url?: string; document?: string }) =>
  must(client.trpc.dynamicApi.discover.mutate(input));
export const saveSelection = (client: Client, id: string, selected: string[], manual: ManualEndpoint[] = []) =>
  must(client.trpc.dynamicApi.saveEndpoints.mutate({ id, selected, manual }));
export const runTest = (client: Client, id: string, endpointKey: string, args: Record<string, unknown> = {}) =>
  must(client.trpc.dynamicApi.test.mutate({ id, endpointKey, args }));

/** A manual GET /orders/{id} endpoint (no discovery needed). */
export const ordersEndpoint: ManualEndpoint = { name: "consultar pedido", method: "GET", path: "/orders/{id}", summary: "Consulta um pedido", parameters: [{ name: "id", in: "path", required: true }] };
