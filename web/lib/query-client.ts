import { QueryClient, type QueryFunctionContext } from "@tanstack/react-query";
import { api, isHttpError, type Query } from "./http";

/** No retry for 4xx; otherwise up to 2 (§8 "Query retry"). */
export function queryRetry(failureCount: number, error: unknown): boolean {
  if (isHttpError(error) && error.status >= 400 && error.status < 500) return false;
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  if (typeof status === "number" && status >= 400 && status < 500) return false;
  return failureCount < 2;
}

export const queryRetryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 5000);

/** Generic read of §7: the first key is the path, an optional second key the query; 401 gives null. */
async function defaultQueryFn({ queryKey, signal }: QueryFunctionContext): Promise<unknown> {
  const [path, query] = queryKey;
  if (typeof path !== "string") throw new Error("queryKey[0] deve ser o caminho da API");
  const q = query && typeof query === "object" ? (query as Query) : undefined;
  return api.get(path, q, { signal, on401: "null" });
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: queryRetry,
        retryDelay: queryRetryDelay,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
