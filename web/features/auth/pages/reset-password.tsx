import { resetPasswordInput } from "../../../../src/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useSearch } from "wouter";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { api } from "../../../lib/http";
import { AuthLayout } from "../components/auth-layout";
import { PasswordInput } from "../components/password-input";

export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const toast = useToast();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [touched, setTouched] = useState(false);
  const [done, setDone] = useState(false);

  const parsed = resetPasswordInput.safeParse({ token, password });
  const pwError = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === "password")?.message;
  const mismatch = confirm.length > 0 && confirm !== password ? "As senhas não coincidem" : undefined;
  const valid = parsed.success && confirm === password;

  const reset = useMutation({
    mutationFn: (input: { token: string; password: string }) => api.post("/api/v1/auth/reset-password", input),
    onSuccess: () => setDone(true),
    onError: (e) =>
      toast({
        variant: "destructive",
        title: "Erro ao redefinir senha",
        description: e instanceof Error && e.message ? e.message : "Não foi possível redefinir sua senha. Tente novamente.",
      }),
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (valid && parsed.success && !reset.isPending) reset.mutate(parsed.data);
  }

  if (!token) {
    return (
      <AuthLayout>
        <h1 className="font-semibold text-2xl">Link inválido</h1>
        <p className="text-base-content/70 text-sm">
          Este link de redefinição está incompleto. Peça um novo em “Esqueceu a senha?”.
        </p>
        <Link href="/forgot-password" className="btn btn-primary">
          Pedir novo link
        </Link>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout>
        <h1 className="font-semibold text-2xl">Senha redefinida!</h1>
        <p className="text-base-content/70 text-sm">Sua nova senha já está valendo. Entre com ela para continuar.</p>
        <Link href="/login" className="btn btn-primary">
          Ir para o login
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      footer={
        <Link href="/login" className="link link-primary font-medium">
          Voltar para o login
        </Link>
      }
    >
      <div>
        <h1 className="font-semibold text-2xl">Redefinir senha</h1>
        <p className="mt-1 text-base-content/70 text-sm">Escolha uma nova senha com pelo menos 6 caracteres.</p>
      </div>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <PasswordInput
          label="Nova senha"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          onBlur={() => setTouched(true)}
          error={touched ? pwError : undefined}
        />
        <PasswordInput
          label="Confirmar nova senha"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          error={mismatch}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={!valid || reset.isPending}>
          {reset.isPending && <ButtonSpinner />}
          Redefinir senha
        </button>
      </form>
    </AuthLayout>
  );
}
