/** tRPC helpers for the dynamic API tests: create an API, discover, select, test. */
import type { Client } from "./client";

export type PublicApi = { id: string; name: string; status: string; testStatus: string | null; config: Record<string, unknown> };
export type Endpoint = { key: string; method: string; path: string; operationId?: string | null; parameters: { name: string; in: string; type: string; required: boolean; description?: string | null }[]; requestBody?: { required: boolean; schema: Record<string, unknown> } | null };
export type TestRun = { ok: boolean; status: number; durationMs: number; headers: Record<string, string>; body: unknown; error: string | null };

async function must<T>(p: Promise<{ ok: boolean; data: T; error: unknown }>): Promise<T> {
  const res = await p;
  if (!res.ok) throw new Error(`tRPC failed: ${JSON.stringify(res.error)}`);
  return res.data;
}

export const createApi = (client: Client, agentId: string, api: Record<string, unknown>) =>
  must(client.mutate<PublicApi>("dynamicApi.create", { agentId, api: { name: "Loja", ...api } }));
export const listApis = (client: Client, agentId: string) => must(client.query<PublicApi[]>("dynamicApi.list", { agentId }));
export const discover = (client: Client, input: { id: string; url?: string; document?: string }) =>
  must(client.mutate<{ detectionMethod: string; endpoints: Endpoint[]; suggestedBaseUrl: string | null; api: PublicApi }>("dynamicApi.discover", input));
export const saveSelection = (client: Client, id: string, selected: string[], manual: Record<string, unknown>[] = []) =>
  must(client.mutate<PublicApi>("dynamicApi.saveEndpoints", { id, selected, manual }));
export const runTest = (client: Client, id: string, endpointKey: string, args: Record<string, unknown> = {}) =>
  must(client.mutate<TestRun>("dynamicApi.test", { id, endpointKey, args }));

/** A manual GET /orders/{id} endpoint (no discovery needed). */
export const ordersEndpoint = { name: "consultar pedido", method: "GET", path: "/orders/{id}", summary: "Consulta um pedido", parameters: [{ name: "id", in: "path", required: true }] };
