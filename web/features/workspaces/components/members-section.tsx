import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Skeleton } from "../../../components/ui/skeleton";
import { useToast } from "../../../components/ui/toast";
import { formatDate } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { roleLabel } from "../labels";
import { MemberActions } from "./member-actions";

/** Members with their role; managers (canManageMembers) edit or remove anyone but the owner and themselves. */
export function MembersList({ canManage = false, selfId = null }: { canManage?: boolean; selfId?: string | null }) {
  const members = useQuery(trpc.workspaces.members.list.queryOptions());
  if (members.isPending) return <Skeleton className="h-24 w-full" />;
  if (members.isError)
    return <p className="text-error text-sm">{trpcErrorMessage(members.error, "Não foi possível carregar os membros.")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="table">
        <thead>
          <tr>
            <th>Nome</th>
            <th>Email</th>
            <th>Função</th>
            <th>Entrou em</th>
            {canManage && <th className="text-right">Ações</th>}
          </tr>
        </thead>
        <tbody>
          {members.data.map((m) => (
            <tr key={m.userId}>
              <td className="font-medium">{[m.firstName, m.lastName].filter(Boolean).join(" ") || "—"}</td>
              <td className="text-base-content/70">{m.email}</td>
              <td>
                <span className={`badge badge-sm ${m.isOwner ? "badge-primary" : "badge-ghost"}`}>
                  {m.isOwner ? roleLabel("owner") : roleLabel(m.role)}
                </span>
              </td>
              <td className="text-base-content/70">{formatDate(m.joinedAt)}</td>
              {canManage && (
                <td>
                  {!m.isOwner && m.userId !== selfId && (
                    <MemberActions
                      member={{
                        userId: m.userId,
                        email: m.email,
                        name: [m.firstName, m.lastName].filter(Boolean).join(" ") || m.email,
                        role: m.role,
                        permissions: m.permissions,
                      }}
                    />
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PendingInvitations() {
  const qc = useQueryClient();
  const toast = useToast();
  const invitations = useQuery(trpc.workspaces.invitations.list.queryOptions());
  const revoke = useMutation(
    trpc.workspaces.invitations.revoke.mutationOptions({
      onSuccess: () => {
        toast({ title: "Convite revogado" });
        void qc.invalidateQueries({ queryKey: trpc.workspaces.invitations.list.queryKey() });
      },
      onError: (e) =>
        toast({ variant: "destructive", title: "Erro ao revogar convite", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  if (invitations.isPending) return <Skeleton className="h-16 w-full" />;
  if (invitations.isError)
    return <p className="text-error text-sm">{trpcErrorMessage(invitations.error, "Não foi possível carregar os convites.")}</p>;
  if (invitations.data.length === 0) return <p className="text-base-content/60 text-sm">Nenhum convite pendente.</p>;
  return (
    <ul className="divide-y divide-base-300" aria-label="Convites pendentes">
      {invitations.data.map((inv) => (
        <li key={inv.id} className="flex flex-wrap items-center gap-3 py-3">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">{inv.email}</p>
            <p className="text-base-content/60 text-xs">
              {roleLabel(inv.role)} · {inv.expired ? "expirado" : `expira em ${formatDate(inv.expiresAt)}`}
            </p>
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-xs text-error"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate({ id: inv.id })}
          >
            Revogar
          </button>
        </li>
      ))}
    </ul>
  );
}
