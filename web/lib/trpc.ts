import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import superjson from "superjson";
import type { AppRouter } from "../../routers/_app";
import { fetchWithRetry } from "./http";
import { queryClient } from "./query-client";

/**
 * tRPC over the same fetch as REST (cookies, x-csrf-token on POST, §8 retries): queries travel as GET,
 * mutations as POST, so the read/write retry rules apply unchanged.
 */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: "/trpc",
      transformer: superjson,
      fetch: (input, init) => fetchWithRetry(input, init ?? {}),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** The message of a tRPC error is the server's pt-BR text. */
export const trpcErrorMessage = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);
