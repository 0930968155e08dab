import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";
import { trpc } from "../../../lib/trpc";

type Out = inferRouterOutputs<AppRouter>["abTests"];
export type AbTestDetail = Out["get"];
export type AbTestListItem = Out["list"]["items"][number];
export type AbResults = Out["results"];

/** Every change refreshes the list, the test and its results. */
export function useRefreshAbTests() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.abTests.list.queryKey() }),
      qc.invalidateQueries({ queryKey: trpc.abTests.get.queryKey() }),
      qc.invalidateQueries({ queryKey: trpc.abTests.results.queryKey() }),
    ]);
}

/** Writes need canEditAgents: hide what the server would refuse anyway. */
export function useCanEditAbTests() {
  const scope = useQuery(trpc.workspaces.current.queryOptions());
  return scope.data?.permissions.canEditAgents ?? false;
}

export const STATUS_BADGE: Record<string, string> = { draft: "badge-ghost", running: "badge-success", paused: "badge-warning", completed: "badge-info" };
