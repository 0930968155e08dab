import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";
import { trpc } from "../../../lib/trpc";

type Out = inferRouterOutputs<AppRouter>["orchestrations"];
export type OrchestrationDetail = Out["get"];
export type OrchestrationMember = OrchestrationDetail["agents"][number];
export type OrchestrationRule = OrchestrationDetail["rules"][number];
export type RouterConfig = OrchestrationDetail["routers"][number];
export type OrchestrationListItem = Out["list"]["items"][number];

/** Everything of one orchestration the page shows is one query: every change refreshes it. */
export function useRefreshOrchestrations() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.orchestrations.list.queryKey() }),
      qc.invalidateQueries({ queryKey: trpc.orchestrations.get.queryKey() }),
    ]);
}

export const useOrchestration = (id: string) => useQuery(trpc.orchestrations.get.queryOptions({ id }));

/** The caller may edit (canEditAgents), to hide actions the server would refuse anyway. */
export function useCanEditOrchestrations() {
  const scope = useQuery(trpc.workspaces.current.queryOptions());
  return scope.data?.permissions.canEditAgents ?? false;
}
