import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useParams } from "wouter";
import { Skeleton } from "../../../../components/ui/skeleton";
import { formatDateTime, formatNumber } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { ACTIVITY_CATEGORY_LABEL, type ActivityCategoryKey } from "../../../../../src/schemas/activity";
import { useAuth } from "../../../auth/hooks/use-auth";
import { UserActions } from "../../components/users/user-actions";
import { UserRoleBadge, UserStatusBadge } from "../../components/users/user-badges";

const MEMBER_ROLE_LABEL: Record<string, string> = { owner: "Proprietário", admin: "Administrador", member: "Membro", viewer: "Visualizador" };
const LANGUAGE_LABEL: Record<string, string> = { "pt-BR": "Português (Brasil)", en: "Inglês", es: "Espanhol" };
const categoryLabel = (c: string) => ACTIVITY_CATEGORY_LABEL[c as ActivityCategoryKey] ?? c;

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-base-content/60 text-xs">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** /admin/usuarios/{id}: profile, workspaces with role/plan/credits, recent activity, sessions and the admin's actions. */
export default function AdminUserDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  const { user: me } = useAuth();
  const detail = useQuery(trpc.adminUsers.get.queryOptions({ userId: id }, { retry: false }));

  if (detail.isPending) return <Skeleton className="mx-auto h-96 w-full max-w-6xl" />;
  if (detail.isError)
    return (
      <div className="mx-auto flex max-w-6xl flex-col gap-4">
        <h1 className="font-semibold text-2xl">Detalhes do usuário</h1>
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(detail.error, "Não foi possível carregar o usuário.")}
        </div>
        <Link href="/admin/usuarios" className="link">
          Voltar para usuários
        </Link>
      </div>
    );
  const { user, workspaces, credits, activity } = detail.data;
  const name = `${user.firstName} ${user.lastName}`.trim();

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link href="/admin/usuarios" className="link link-hover text-base-content/70 text-sm">
          ← Usuários
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-semibold text-2xl sm:text-3xl">{name}</h1>
          <UserRoleBadge role={user.role} />
          <UserStatusBadge status={user.status} />
        </div>
        <p className="text-base-content/70 text-sm">{user.email}</p>
        <UserActions user={user} isSelf={me?.id === user.id} />
      </div>

      {user.status === "suspended" && (
        <div role="status" className="alert alert-warning alert-soft">
          <div>
            <p className="font-medium">Conta suspensa em {formatDateTime(user.suspendedAt)}</p>
            <p className="text-sm">Motivo: {user.suspensionReason ?? "—"}</p>
            <p className="text-sm">Não consegue entrar e os agentes dos workspaces dele não respondem.</p>
          </div>
        </div>
      )}

      <div className="grid gap-4 lg:grid-cols-3">
        <section className="card border border-base-300 bg-base-100 lg:col-span-2" aria-labelledby="perfil">
          <div className="card-body">
            <h2 id="perfil" className="card-title text-lg">
              Perfil
            </h2>
            <dl className="grid gap-3 sm:grid-cols-2">
              <Info label="Telefone">{user.phoneNumber || "—"}</Info>
              <Info label="Idioma">{LANGUAGE_LABEL[user.language] ?? user.language}</Info>
              <Info label="Email">
                {user.emailVerified ? "Verificado" : "Não verificado"}
                {user.pendingEmail ? ` · troca pendente para ${user.pendingEmail}` : ""}
              </Info>
              <Info label="Cadastro">{formatDateTime(user.createdAt)}</Info>
              <Info label="Visto por último">{user.lastSeenAt ? formatDateTime(user.lastSeenAt) : "Nunca"}</Info>
              <Info label="Sessões abertas">
                {detail.data.openSessionsCapped ? "100 ou mais" : formatNumber(detail.data.openSessions)}
              </Info>
            </dl>
          </div>
        </section>
        <section className="card border border-base-300 bg-base-100" aria-labelledby="creditos">
          <div className="card-body">
            <h2 id="creditos" className="card-title text-lg">
              Créditos
            </h2>
            <p className="text-base-content/60 text-xs">Somados dos workspaces de que é proprietário.</p>
            <dl className="grid gap-3">
              <Info label="Disponíveis">{formatNumber(credits.remaining)}</Info>
              <Info label="Bônus disponível">{formatNumber(credits.remainingBonus)}</Info>
              <Info label="Usados">{formatNumber(credits.used)}</Info>
            </dl>
          </div>
        </section>
      </div>

      <section aria-labelledby="workspaces" className="flex flex-col gap-2">
        <h2 id="workspaces" className="font-semibold text-lg">
          Workspaces
        </h2>
        {workspaces.length === 0 ? (
          <p className="text-base-content/60 text-sm">Não participa de nenhum workspace.</p>
        ) : (
          <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table">
              <thead>
                <tr>
                  <th>Workspace</th>
                  <th>Papel</th>
                  <th>Plano</th>
                  <th className="text-right">Créditos</th>
                  <th className="text-right">Agentes</th>
                </tr>
              </thead>
              <tbody>
                {workspaces.map((w) => (
                  <tr key={w.id}>
                    <td>
                      <Link href={`/admin/workspaces/editar/${w.id}`} className="link link-hover">
                        {w.name}
                      </Link>
                    </td>
                    <td className="text-sm">{MEMBER_ROLE_LABEL[w.role] ?? w.role}</td>
                    <td className="text-sm">{w.plan ?? "—"}</td>
                    <td className="text-right tabular-nums">{formatNumber(w.remainingCredits + w.remainingBonusCredits)}</td>
                    <td className="text-right tabular-nums">{formatNumber(w.agents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {detail.data.moreWorkspaces && <p className="text-base-content/60 text-xs">Mostrando os 50 primeiros workspaces.</p>}
      </section>

      <section aria-labelledby="atividade" className="flex flex-col gap-2">
        <h2 id="atividade" className="font-semibold text-lg">
          Atividade recente
        </h2>
        {activity.length === 0 ? (
          <p className="text-base-content/60 text-sm">Nenhuma atividade registrada.</p>
        ) : (
          <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
            {activity.map((a) => (
              <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2 text-sm">
                <span>
                  <span className="badge badge-ghost badge-sm mr-2">{categoryLabel(a.category)}</span>
                  {a.description ?? a.action}
                </span>
                <span className="whitespace-nowrap text-base-content/70 text-xs">
                  {formatDateTime(a.createdAt)}
                  {a.ipAddress ? ` · ${a.ipAddress}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
