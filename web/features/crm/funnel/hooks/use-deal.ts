import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../../routers/_app";
import type { ActivityType } from "../../../../../src/schemas/crm/deal-details";
import type { IconName } from "../../../../components/ui/icons";
import { trpc } from "../../../../lib/trpc";

type Out = inferRouterOutputs<AppRouter>["funnel"];
export type DealPageData = Out["activities"]["dealPage"];
export type DealActivity = Out["activities"]["list"][number];
export type DealHistoryEntry = Out["activities"]["history"][number];
export type DealProductsData = Out["products"]["list"];
export type DealProduct = DealProductsData["items"][number];
export type DueToday = Out["activities"]["dueToday"];

export const ACTIVITY_ICON: Record<ActivityType, IconName> = { email: "mail", call: "phone", meeting: "calendar", task: "check", note: "fileText" };

const brlFmt = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
/** Integer centavos → "R$ 1.234,56". */
export const formatBrl = (cents: number) => brlFmt.format(cents / 100);
const numFmt = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 3 });
export const formatQty = (n: number) => numFmt.format(n);
export const formatPercent = (n: number) => `${numFmt.format(n)}%`;

/** The reminder's data, shared by the board's "Para hoje" and the sidebar badge (one query, one cache entry). */
export const dueTodayOptions = (enabled = true) =>
  trpc.funnel.activities.dueToday.queryOptions({ mine: false }, { enabled, staleTime: 60_000, refetchInterval: 5 * 60_000 });

export const useDealPage = (dealId: string) => useQuery(trpc.funnel.activities.dealPage.queryOptions({ dealId }));
export const useDealActivities = (dealId: string) => useQuery(trpc.funnel.activities.list.queryOptions({ dealId }));
export const useDealProducts = (dealId: string) => useQuery(trpc.funnel.products.list.queryOptions({ dealId }));
export const useDealHistory = (dealId: string) => useQuery(trpc.funnel.activities.history.queryOptions({ dealId }));

/** Whether the caller may change CRM data (a viewer only reads). */
export function useCanWriteCrm() {
  const scope = useQuery(trpc.workspaces.current.queryOptions());
  return scope.data ? scope.data.role !== "viewer" : false;
}

/** Re-reads what a change on the deal page can alter (the deal, its lists, the reminders). */
export function useRefreshDeal(dealId: string) {
  const qc = useQueryClient();
  return (what: { activities?: boolean; products?: boolean; deal?: boolean; history?: boolean }) =>
    Promise.all([
      what.activities && qc.invalidateQueries({ queryKey: trpc.funnel.activities.list.queryKey({ dealId }) }),
      what.activities && qc.invalidateQueries({ queryKey: trpc.funnel.activities.dueToday.pathKey() }),
      what.products && qc.invalidateQueries({ queryKey: trpc.funnel.products.list.queryKey({ dealId }) }),
      what.deal && qc.invalidateQueries({ queryKey: trpc.funnel.activities.dealPage.queryKey({ dealId }) }),
      what.history && qc.invalidateQueries({ queryKey: trpc.funnel.activities.history.queryKey({ dealId }) }),
    ]);
}
