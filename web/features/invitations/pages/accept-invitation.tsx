import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { ButtonSpinner, Spinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { keys, session } from "../../../lib/storage";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { AuthLayout } from "../../auth/components/auth-layout";
import { useAuth } from "../../auth/hooks/use-auth";
import { resetWorkspaceCaches } from "../../workspaces/hooks/use-workspaces";
import { roleLabel } from "../../workspaces/labels";

/**
 * /convite?token=…: shows who invited whom to which workspace. Visitors are sent to log in or register
 * with the token kept in sessionStorage so they come back here afterwards.
 */
export default function AcceptInvitationPage() {
  const token = new URLSearchParams(useSearch()).get("token")?.trim() ?? "";
  const { user, isAuthenticated, isLoading: authLoading } = useAuth();
  const [, navigate] = useLocation();
  const qc = useQueryClient();
  const toast = useToast();
  const preview = useQuery({ ...trpc.invitations.preview.queryOptions({ token }), enabled: !!token, retry: false });

  useEffect(() => {
    if (!token || authLoading) return;
    // Logged out: keep the token for after login/register; logged in: it has served its purpose.
    if (isAuthenticated) session.remove(keys.pendingInvite);
    else session.set(keys.pendingInvite, token);
  }, [token, isAuthenticated, authLoading]);

  const accept = useMutation(
    trpc.invitations.accept.mutationOptions({
      onSuccess: () => {
        session.remove(keys.pendingInvite);
        void resetWorkspaceCaches(qc);
        navigate("/dashboard");
        toast({
          title: "Convite aceito!",
          description: `Agora você faz parte do workspace ${preview.data?.workspaceName ?? ""}.`.replace(/ \.$/, "."),
        });
      },
    }),
  );

  let content: ReactNode;
  if (!token) {
    content = <p className="text-base-content/70">Este link de convite está incompleto.</p>;
  } else if (preview.isPending || authLoading) {
    content = <Spinner label="Carregando convite..." />;
  } else if (preview.isError) {
    content = <p className="text-base-content/70">{trpcErrorMessage(preview.error, "Convite não encontrado ou inválido.")}</p>;
  } else {
    const inv = preview.data;
    const unusable = inv.expired || inv.accepted;
    content = (
      <>
        <p className="text-base-content/80">
          <strong>{inv.invitedByName}</strong> convidou <strong>{inv.email}</strong> para o workspace
        </p>
        <p className="font-semibold text-2xl" data-testid="invite-workspace-name">
          {inv.workspaceName}
        </p>
        <span className="badge badge-ghost">Função: {roleLabel(inv.role)}</span>
        {inv.accepted && <p className="text-warning-content text-sm">Este convite já foi utilizado.</p>}
        {inv.expired && !inv.accepted && <p className="text-error text-sm">Este convite expirou. Peça um novo convite.</p>}
        {!unusable && isAuthenticated && (
          <>
            {user?.email.toLowerCase() !== inv.email.toLowerCase() && (
              <p className="text-base-content/70 text-sm">
                Você está conectado como {user?.email}. O convite só pode ser aceito pela conta {inv.email}.
              </p>
            )}
            {accept.isError && (
              <div role="alert" className="alert alert-error alert-soft w-full text-sm">
                {trpcErrorMessage(accept.error, "Não foi possível aceitar o convite.")}
              </div>
            )}
            <button
              type="button"
              className="btn btn-primary w-full"
              disabled={accept.isPending}
              onClick={() => accept.mutate({ token })}
            >
              {accept.isPending && <ButtonSpinner />}
              Aceitar convite
            </button>
          </>
        )}
        {!unusable && !isAuthenticated && (
          <>
            <p className="text-base-content/70 text-sm">Entre ou crie uma conta com {inv.email} para aceitar.</p>
            <div className="flex w-full flex-col gap-2 sm:flex-row">
              <Link href="/login" className="btn btn-primary flex-1">
                Fazer login
              </Link>
              <Link href="/register" className="btn btn-outline flex-1">
                Criar conta
              </Link>
            </div>
          </>
        )}
      </>
    );
  }

  return (
    <AuthLayout>
      <h1 className="text-center font-semibold text-lg">Convite para workspace</h1>
      <div className="flex flex-col items-center gap-3 text-center">{content}</div>
    </AuthLayout>
  );
}
