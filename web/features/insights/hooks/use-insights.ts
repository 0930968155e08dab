import { useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "../../../lib/trpc";

/** The caller's flags: rule writes need canEditAgents; acknowledging and tagging need to answer the inbox (not a viewer). */
export function useInsightsPermissions() {
  const scope = useQuery(trpc.workspaces.current.queryOptions());
  const perms = scope.data?.permissions;
  return { canEditRules: perms?.canEditAgents ?? false, canAnswer: scope.data ? scope.data.role !== "viewer" : false };
}

/** Everything under insights.* is refetched after a change (alerts, rules, tags feed the cards). */
export function useRefreshInsights() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: trpc.insights.pathKey() });
}
