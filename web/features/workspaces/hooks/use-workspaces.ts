import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/http";
import { useAuth } from "../../auth/hooks/use-auth";

export type WorkspaceSummary = {
  id: string;
  name: string;
  description?: string | null;
  ownerId?: string;
  role?: string;
  isCurrent?: boolean;
  plan?: { name?: string | null; billingPeriod?: string | null } | null;
};

export const workspacesKey = ["workspaces"] as const;

/** §7: cached 30 s, kept 5 min, retried once, not refetched on focus or mount. */
export const workspacesQuery = {
  queryKey: workspacesKey,
  queryFn: () => api.get<WorkspaceSummary[]>("/api/v1/workspaces"),
  staleTime: 30_000,
  gcTime: 5 * 60_000,
  retry: 1,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
} as const;

/** The current one is the one marked isCurrent, otherwise the first (§4). */
export const pickCurrent = (list: WorkspaceSummary[] | null | undefined) =>
  list?.find((w) => w.isCurrent) ?? list?.[0] ?? null;

export function useWorkspaces() {
  const { isAuthenticated } = useAuth();
  const q = useQuery({ ...workspacesQuery, enabled: isAuthenticated });
  const list = q.data ?? [];
  return { ...q, list, current: pickCurrent(list) };
}

/**
 * Clears every workspace-scoped cache: after a switch or create all of it belongs to another tenant.
 * reset (not remove) so mounted observers see the refetch instead of holding the dropped query.
 */
export function resetWorkspaceCaches(qc: ReturnType<typeof useQueryClient>) {
  return qc.resetQueries({ predicate: (q) => q.queryKey[0] !== "auth" && q.queryKey[0] !== "config" });
}

export function useSwitchWorkspace() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ workspaceId: string }>(`/api/v1/workspaces/${encodeURIComponent(id)}/switch`),
    onSuccess: async () => {
      await resetWorkspaceCaches(qc);
      void qc.invalidateQueries({ queryKey: ["auth"] });
    },
  });
}

export function useCreateWorkspace() {
  return useMutation({
    mutationFn: (name: string) =>
      api.post<WorkspaceSummary>("/api/v1/workspaces", { name, description: "Criado pelo usuário" }),
  });
}
