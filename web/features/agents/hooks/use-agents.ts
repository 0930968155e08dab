import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";
import { useToast } from "../../../components/ui/toast";
import { api, isHttpError } from "../../../lib/http";
import { trpc } from "../../../lib/trpc";
import { workspacesKey } from "../../workspaces/hooks/use-workspaces";

type Outputs = inferRouterOutputs<AppRouter>;
export type Agent = Outputs["agents"]["get"];
export type Intent = Outputs["agents"]["intents"]["list"][number];
export type ModelChoices = Outputs["agents"]["models"];

const LOGIN_REDIRECT_MS = 500;

/** §8: a 401 on toggle/delete means the session ended; say so, then go log in again. */
function useUnauthorizedRedirect() {
  const toast = useToast();
  return (e: unknown) => {
    if (!(isHttpError(e) && e.status === 401)) return false;
    toast({ variant: "destructive", title: "Unauthorized", description: "You are logged out. Logging in again..." });
    setTimeout(() => window.location.assign("/login"), LOGIN_REDIRECT_MS);
    return true;
  };
}

/** Everything that shows agents (list, editor, dashboard counts, sidebar plan box) is refreshed. */
export function useRefreshAgents() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: trpc.agents.list.queryKey() }),
      qc.invalidateQueries({ queryKey: trpc.agents.get.queryKey() }),
      qc.invalidateQueries({ queryKey: workspacesKey }),
      qc.invalidateQueries({ queryKey: ["dashboard"] }),
    ]);
}

export const useAgentsList = () => useQuery(trpc.agents.list.queryOptions());

/** The caller's flags in this workspace, to hide actions the server would refuse anyway. */
export function useAgentPermissions() {
  const scope = useQuery(trpc.workspaces.current.queryOptions());
  const p = scope.data?.permissions;
  return { canCreate: p?.canCreateAgents ?? false, canEdit: p?.canEditAgents ?? false, canDelete: p?.canDeleteAgents ?? false, loaded: !!p };
}

/** PATCH /api/v1/agents/{id}/toggle (§7). */
export function useToggleAgent() {
  const toast = useToast();
  const refresh = useRefreshAgents();
  const unauthorized = useUnauthorizedRedirect();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      api.patch<Agent>(`/api/v1/agents/${encodeURIComponent(id)}/toggle`, { isActive }),
    onSuccess: async () => {
      toast({ title: "Status atualizado" });
      await refresh();
    },
    onError: (e) => {
      if (unauthorized(e)) return;
      toast({ variant: "destructive", title: "Falha ao atualizar status do agente.", description: permissionHint(e) });
    },
  });
}

/** DELETE /api/v1/agents/{id} (§7). */
export function useDeleteAgent() {
  const toast = useToast();
  const refresh = useRefreshAgents();
  const unauthorized = useUnauthorizedRedirect();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/v1/agents/${encodeURIComponent(id)}`),
    onSuccess: async () => {
      toast({ title: "Agente excluído" });
      await refresh();
    },
    onError: (e) => {
      if (unauthorized(e)) return;
      toast({ variant: "destructive", title: "Falha ao excluir agente.", description: permissionHint(e) });
    },
  });
}

/** A refusal for lack of permission says why; other failures keep the spec's text alone. */
function permissionHint(e: unknown) {
  return isHttpError(e) && e.status === 403 ? e.message : undefined;
}
