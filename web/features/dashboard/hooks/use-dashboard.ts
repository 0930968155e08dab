import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/http";
import { useWorkspaces } from "../../workspaces/hooks/use-workspaces";

export type Dashboard = {
  agents: { id: string; name: string; isActive: boolean }[];
  activeAgentsCount: number;
  credits: { totalCredits: number; usedCredits: number; remainingCredits: number; remainingBonusCredits: number };
  subscription: {
    plan: { name?: string | null; billingPeriod?: string | null } | null;
    subscription: { endDate?: string | null } | null;
  } | null;
  stats: { usersServed: number } | null;
};

export const dashboardKey = (workspaceId: string) => ["dashboard", workspaceId] as const;

export const fetchDashboard = (workspaceId: string) =>
  api.get<Dashboard>(`/api/v1/workspaces/${encodeURIComponent(workspaceId)}/dashboard`);

/** Dashboard data of the current workspace: fresh for 30 s, kept 10 min, no retry, no focus refetch (§7). */
export function useDashboard() {
  const { current, isPending: wsPending } = useWorkspaces();
  const workspaceId = current?.id ?? null;
  const q = useQuery({
    queryKey: dashboardKey(workspaceId ?? "none"),
    queryFn: () => fetchDashboard(workspaceId ?? ""),
    enabled: !!workspaceId,
    staleTime: 30_000,
    gcTime: 10 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return { ...q, workspace: current, isLoading: wsPending || (!!workspaceId && q.isPending) };
}

export type CreditHistoryItem = { date: string; total_credits?: number | string; amount?: number | string };
export type CreditPoint = { date: string; credits: number };

/** History answers come as a list under data.data or data; each item has total_credits or amount. */
export function normalizeHistory(body: unknown): CreditPoint[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === "object" && Array.isArray((body as { data?: unknown }).data)
      ? (body as { data: unknown[] }).data
      : [];
  return list
    .filter((i): i is CreditHistoryItem => !!i && typeof i === "object" && "date" in i)
    .map((i) => ({ date: String(i.date), credits: Number(i.total_credits ?? i.amount ?? 0) || 0 }));
}

export function useCreditHistory(period: number, workspaceId: string | null) {
  return useQuery({
    queryKey: ["credit-usage", "history", workspaceId, period],
    queryFn: async () => normalizeHistory(await api.get<unknown>("/api/v1/credit-usage/history", { period })),
    enabled: !!workspaceId,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}

/** Remaining regular + bonus credits, and whether the upgrade button shows (§9: < 10 or expired). */
export function creditSummary(d: Dashboard | undefined | null) {
  const c = d?.credits;
  const remaining = Number(c?.remainingCredits ?? 0);
  const bonus = Number(c?.remainingBonusCredits ?? 0);
  const total = Number(c?.totalCredits ?? 0);
  const usedPct = total > 0 ? ((total - remaining) / total) * 100 : 0;
  const endDate = d?.subscription?.subscription?.endDate;
  const expired = !!endDate && new Date(endDate).getTime() < Date.now();
  return { remaining, bonus, total, usedPct, expired, needsUpgrade: !!d && (remaining < 10 || expired) };
}
