import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { PageLoader } from "../../../components/ui/spinner";
import { useAuth } from "../../auth/hooks/use-auth";

const UNAUTH_REDIRECT_MS = 2000;

/**
 * Protected pages: spinner while the session is unknown; /login after 2 s without an authenticated
 * answer (SPEC §4). The server refuses the data anyway; this only shapes the screen.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const [, navigate] = useLocation();
  const [waited, setWaited] = useState(false);

  useEffect(() => {
    const t = setTimeout(() => setWaited(true), UNAUTH_REDIRECT_MS);
    return () => clearTimeout(t);
  }, []);

  useEffect(() => {
    if (waited && !isAuthenticated) navigate("/login", { replace: true });
  }, [waited, isAuthenticated, navigate]);

  if (!isAuthenticated) return <PageLoader label="Carregando..." />;
  return <>{children}</>;
}

/** Admin area: only role 'admin' gets the shell; everyone else sees a refusal. */
export function RequireAdmin({ children, active }: { children: ReactNode; active: boolean }) {
  const { user } = useAuth();
  if (active && user?.role !== "admin") return <AdminRefusal />;
  return <>{children}</>;
}

function AdminRefusal() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-base-200 p-6">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-warning/20 font-bold text-warning-content text-xl">
            !
          </span>
          <h1 className="card-title">Acesso negado</h1>
          <p className="text-base-content/70">Acesso restrito a administradores.</p>
          <Link href="/dashboard" className="btn btn-primary mt-2">
            Voltar ao Dashboard
          </Link>
        </div>
      </div>
    </div>
  );
}
