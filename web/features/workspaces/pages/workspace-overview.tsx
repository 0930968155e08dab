import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Skeleton } from "../../../components/ui/skeleton";
import { trpc } from "../../../lib/trpc";
import { InviteForm } from "../components/invite-form";
import { MembersList, PendingInvitations } from "../components/members-section";
import { useWorkspaces } from "../hooks/use-workspaces";
import { roleLabel } from "../labels";

function Card({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-label={title}>
      <div className="card-body gap-4">
        <div>
          <h2 className="card-title text-lg">{title}</h2>
          {description && <p className="text-base-content/60 text-sm">{description}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

/** /workspace: name, plan, members, pending invitations and the invite form (managers only). */
export default function WorkspaceOverviewPage() {
  const { current, isPending } = useWorkspaces();
  const scope = useQuery(trpc.workspaces.current.queryOptions());
  const canManage = scope.data?.permissions.canManageMembers === true;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Visão geral</p>
        {isPending ? (
          <Skeleton className="mt-1 h-8 w-64" />
        ) : (
          <h1 className="font-semibold text-2xl sm:text-3xl">{current?.name ?? "Workspace"}</h1>
        )}
        <div className="mt-2 flex flex-wrap gap-2">
          <span className="badge badge-primary badge-soft">Plano {current?.plan?.name ?? "Gratuito"}</span>
          {scope.data && <span className="badge badge-ghost">Sua função: {roleLabel(scope.data.role)}</span>}
        </div>
      </div>

      <Card title="Membros" description="Pessoas com acesso a este workspace.">
        <MembersList />
      </Card>

      {canManage && (
        <>
          <Card title="Convites pendentes" description="Convites enviados que ainda não foram aceitos.">
            <PendingInvitations />
          </Card>
          <Card title="Convidar membro" description="O convite vale por 7 dias e é enviado por email.">
            <InviteForm />
          </Card>
        </>
      )}
    </div>
  );
}
