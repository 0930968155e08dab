import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useSearch } from "wouter";
import { Spinner } from "../../../components/ui/spinner";
import { api } from "../../../lib/http";
import { trpcClient } from "../../../lib/trpc";
import { AuthLayout } from "../components/auth-layout";
import { authUserKey } from "../hooks/use-auth";

/** Verifies the token once on load and shows the outcome. */
export default function VerifyEmailPage() {
  const params = new URLSearchParams(useSearch());
  const token = params.get("token") ?? "";
  // The link of an email change (issue 17) confirms the new address instead of the first one.
  const emailChange = params.get("type") === "email-change";
  const qc = useQueryClient();
  const started = useRef(false);
  const verify = useMutation({
    mutationFn: (t: string) =>
      emailChange ? trpcClient.account.confirmEmailChange.mutate({ token: t }) : api.post("/api/v1/auth/verify-email", { token: t }),
    onSuccess: () => qc.invalidateQueries({ queryKey: authUserKey }),
  });
  const { mutate } = verify;

  useEffect(() => {
    // Guard against StrictMode's double effect: a token can be spent only once.
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  let body: ReactNode;
  if (!token) {
    body = (
      <>
        <h1 className="font-semibold text-2xl">Link inválido</h1>
        <p className="text-base-content/70 text-sm">O link de verificação está incompleto.</p>
      </>
    );
  } else if (verify.isSuccess) {
    body = (
      <>
        <h1 className="font-semibold text-2xl">{emailChange ? "Email alterado!" : "Email verificado!"}</h1>
        <p className="text-base-content/70 text-sm">
          {emailChange ? "Use o novo endereço para entrar a partir de agora." : "Tudo certo. Sua conta está ativa."}
        </p>
      </>
    );
  } else if (verify.isError) {
    body = (
      <>
        <h1 className="font-semibold text-2xl">Não foi possível verificar</h1>
        <p className="text-base-content/70 text-sm">
          {verify.error instanceof Error && verify.error.message
            ? verify.error.message
            : "Link de verificação inválido ou expirado."}
        </p>
      </>
    );
  } else {
    body = <Spinner label="Verificando seu email..." />;
  }

  return (
    <AuthLayout>
      <div className="flex flex-col items-center gap-3 py-4 text-center">{body}</div>
      <Link href="/login" className="btn btn-primary">
        Ir para o login
      </Link>
    </AuthLayout>
  );
}
