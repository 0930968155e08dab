import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";

type Outputs = inferRouterOutputs<AppRouter>["campaigns"];
type Inputs = inferRouterInputs<AppRouter>["campaigns"];
export type CampaignListInput = Inputs["list"];
export type CampaignItem = Outputs["list"]["items"][number];
export type CampaignDetail = Outputs["get"];
export type CampaignResults = Outputs["results"];
export type CampaignSendsInput = Inputs["sends"];
export type CampaignConnection = Outputs["connections"][number];
export type ApprovedTemplate = Outputs["templates"][number];

/** While sending, the list and the detail read again every few seconds (the live progress bar). */
export const LIVE_POLL_MS = 3_000;
const live = (status: string | undefined) => (status === "running" || status === "scheduled" ? LIVE_POLL_MS : false);

export const useCampaigns = (input: CampaignListInput) =>
  useQuery(
    trpc.campaigns.list.queryOptions(input, {
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data?.items.some((c) => c.status === "running") ? LIVE_POLL_MS : false),
    }),
  );

export const useCampaign = (id: string) => useQuery(trpc.campaigns.get.queryOptions({ id }, { refetchInterval: (q) => live(q.state.data?.status) }));

export const useCampaignResults = (id: string, bucket: "hour" | "day", status: string | undefined) =>
  useQuery(trpc.campaigns.results.queryOptions({ id, bucket }, { placeholderData: keepPreviousData, refetchInterval: live(status) }));

export const useCampaignSends = (input: CampaignSendsInput, status: string | undefined) =>
  useQuery(trpc.campaigns.sends.queryOptions(input, { placeholderData: keepPreviousData, refetchInterval: live(status) }));

export const useCampaignConnections = () => useQuery(trpc.campaigns.connections.queryOptions(undefined, { staleTime: 30_000 }));

export const useApprovedTemplates = (connectionId: string | null) =>
  useQuery(trpc.campaigns.templates.queryOptions({ connectionId: connectionId ?? "" }, { enabled: Boolean(connectionId), staleTime: 60_000, retry: false }));

export const useCampaignPrice = (listId: string | null) => useQuery(trpc.campaigns.price.queryOptions({ listId }, { staleTime: 30_000 }));

export const useCampaignLists = (search?: string) => useQuery(trpc.campaigns.lists.list.queryOptions({ search: search || undefined, page: 1, pageSize: 100 }, { staleTime: 15_000 }));

export const useVariableNames = () => useQuery(trpc.variables.definitions.list.queryOptions(undefined, { staleTime: 60_000 }));

/** A viewer only reads; starting needs the settings flag (the server refuses anyway). */
export function useCampaignPermissions() {
  const scope = useQuery(trpc.workspaces.current.queryOptions());
  const role = scope.data?.role;
  const perms = scope.data?.permissions as { canManageSettings?: boolean } | undefined;
  return { canWrite: Boolean(role && role !== "viewer"), canStart: role === "owner" || Boolean(perms?.canManageSettings) };
}

/** Every campaign screen reads again after a change. */
export function useRefreshCampaigns() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: trpc.campaigns.pathKey() });
}

export type CampaignAction = "start" | "pause" | "resume" | "cancel" | "delete" | "duplicate";
const DONE: Record<CampaignAction, string> = {
  start: "Campanha iniciada",
  pause: "Campanha pausada",
  resume: "Campanha retomada",
  cancel: "Campanha cancelada",
  delete: "Campanha excluída",
  duplicate: "Campanha duplicada",
};

/** Start/pause/resume/cancel/delete/duplicate, each with its toast; onDone gets the action and the campaign. */
export function useCampaignActions(onDone?: (action: CampaignAction, r: { id: string }) => void) {
  const toast = useToast();
  const refresh = useRefreshCampaigns();
  const options = (action: CampaignAction) => ({
    onSuccess: async (r: { id: string }) => {
      toast({ title: DONE[action] });
      await refresh();
      onDone?.(action, r);
    },
    onError: (e: unknown) => toast({ title: trpcErrorMessage(e, "Não foi possível concluir a ação"), variant: "destructive" as const }),
  });
  return {
    start: useMutation(trpc.campaigns.start.mutationOptions(options("start"))),
    pause: useMutation(trpc.campaigns.pause.mutationOptions(options("pause"))),
    resume: useMutation(trpc.campaigns.resume.mutationOptions(options("resume"))),
    cancel: useMutation(trpc.campaigns.cancel.mutationOptions(options("cancel"))),
    delete: useMutation(trpc.campaigns.delete.mutationOptions(options("delete"))),
    duplicate: useMutation(trpc.campaigns.duplicate.mutationOptions(options("duplicate"))),
  };
}
