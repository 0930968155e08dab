import type { QueryClient } from "@tanstack/react-query";
import { dashboardKey, fetchDashboard } from "../../dashboard/hooks/use-dashboard";
import { pickCurrent, workspacesQuery } from "../../workspaces/hooks/use-workspaces";
import { authUserQuery } from "./use-auth";

const SETTLE_MS = 300;

/**
 * Post-login preload (SPEC §2/§9): user, workspaces (30 s) and the current dashboard (5 min) land in
 * the cache before the redirect, so the dashboard paints at once. false = cache incomplete.
 */
export async function preloadAfterLogin(qc: QueryClient): Promise<boolean> {
  await qc.invalidateQueries({ queryKey: authUserQuery.queryKey, refetchType: "none" });
  const user = await qc.fetchQuery({ ...authUserQuery, staleTime: 0 });
  if (!user?.id) return false;
  const list = await qc.fetchQuery({ ...workspacesQuery, staleTime: 0 });
  const current = pickCurrent(list);
  if (!current) return false;
  await qc.fetchQuery({
    queryKey: dashboardKey(current.id),
    queryFn: () => fetchDashboard(current.id),
    staleTime: 5 * 60_000,
  });
  // Admin price table: warmed for the admin area, failure tolerated silently (§7).
  if (user.role === "admin") void qc.prefetchQuery({ queryKey: ["/api/v1/admin/model-pricing"] }).catch(() => undefined);
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  return true;
}
