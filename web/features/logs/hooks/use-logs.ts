import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";
import type { LogsFilterInput } from "../../../../src/schemas/activity";
import { trpc } from "../../../lib/trpc";

type Outputs = inferRouterOutputs<AppRouter>["logs"];
export type LogItem = Outputs["list"]["items"][number];
export type LogDetail = Outputs["get"];
export type LogOptions = Outputs["options"];

/** The lines of the filter, keyset pages of 50 ("Carregar mais"); a bad custom range never reaches the server. */
export const useLogsList = (filter: LogsFilterInput, enabled: boolean) =>
  useInfiniteQuery(trpc.logs.list.infiniteQueryOptions({ filter, limit: 50 }, { getNextPageParam: (last) => last.nextCursor, staleTime: 10_000, enabled }));

/** Whether the caller may see the team's lines, and the agent and person pickers. */
export const useLogOptions = () => useQuery(trpc.logs.options.queryOptions(undefined, { staleTime: 60_000 }));

/** One line whole, for the detail dialog (null: closed). */
export const useLogDetail = (id: string | null) => useQuery(trpc.logs.get.queryOptions({ id: id ?? "" }, { enabled: id !== null, staleTime: 60_000 }));
