import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Skeleton } from "../../../components/ui/skeleton";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { Link } from "wouter";
import { useAuth } from "../../auth/hooks/use-auth";
import { DeleteWorkspace, TransferOwnership } from "../components/danger-zone";
import { InviteForm } from "../components/invite-form";
import { MembersList, PendingInvitations } from "../components/members-section";
import { WorkspaceInfoForm, WorkspaceSettingsForm } from "../components/workspace-settings";
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

/**
 * /workspace: name and description, settings, members (editable by managers), pending invitations,
 * the invite form, and for the owner the transfer and the deletion.
 */
export default function WorkspaceOverviewPage() {
  const { current, isPending } = useWorkspaces();
  const { user } = useAuth();
  const scope = useQuery(trpc.workspaces.current.queryOptions());
  const details = useQuery(trpc.workspaces.details.queryOptions());
  const canManage = scope.data?.permissions.canManageMembers === true;
  const canSettings = scope.data?.permissions.canManageSettings === true;
  const isOwner = scope.data?.role === "owner";

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Visão geral</p>
        {isPending ? (
          <Skeleton className="mt-1 h-8 w-64" />
        ) : (
          <h1 className="font-semibold text-2xl sm:text-3xl">{details.data?.name ?? current?.name ?? "Workspace"}</h1>
        )}
        <div className="mt-2 flex flex-wrap gap-2">
          <span className="badge badge-primary badge-soft">Plano {current?.plan?.name ?? "Gratuito"}</span>
          {scope.data && <span className="badge badge-ghost">Sua função: {roleLabel(scope.data.role)}</span>}
          <Link href="/workspace/dashboard" className="link link-primary text-sm">
            Ver uso do workspace
          </Link>
        </div>
      </div>

      {details.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : details.isError ? (
        <p className="text-error text-sm">{trpcErrorMessage(details.error, "Não foi possível carregar o workspace.")}</p>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <Card title="Dados do workspace" description={canSettings ? "Nome e descrição que os membros veem." : "Só quem gerencia as configurações pode alterar."}>
            <WorkspaceInfoForm key={`${details.data.name}|${details.data.description}`} details={details.data} canEdit={canSettings} />
          </Card>
          <Card title="Configurações" description="Entrada pública, modelo padrão, limite de agentes e fuso horário.">
            <WorkspaceSettingsForm key={JSON.stringify(details.data.settings)} details={details.data} canEdit={canSettings} />
          </Card>
        </div>
      )}

      <Card title="Membros" description="Pessoas com acesso a este workspace.">
        <MembersList canManage={canManage} selfId={user?.id ?? null} />
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

      {isOwner && details.data && (
        <>
          <Card title="Transferir propriedade" description="Passe o workspace para outro membro.">
            <TransferOwnership />
          </Card>
          <section className="card border border-error/40 bg-base-100 shadow-sm" aria-label="Zona de perigo">
            <div className="card-body gap-4">
              <h2 className="card-title text-error text-lg">Zona de perigo</h2>
              <DeleteWorkspace name={details.data.name} />
            </div>
          </section>
        </>
      )}
    </div>
  );
}
