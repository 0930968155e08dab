import { forgotPasswordInput } from "../../../../src/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Icon } from "../../../components/ui/icons";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { api } from "../../../lib/http";
import { AuthLayout } from "../components/auth-layout";
import { TextField } from "../components/text-field";
import { forgotErrorToast } from "../errors";

export default function ForgotPasswordPage() {
  const toast = useToast();
  const [email, setEmail] = useState("");
  const [touched, setTouched] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const parsed = forgotPasswordInput.safeParse({ email });
  const error = touched && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const send = useMutation({
    mutationFn: (input: { email: string }) => api.post("/api/v1/auth/forgot-password", input),
    onSuccess: (_res, input) => {
      setSentTo(input.email);
      toast({ title: "Email enviado!", description: "Verifique sua caixa de entrada" });
    },
    onError: (e) => toast(forgotErrorToast(e)),
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!parsed.success || send.isPending) return;
    send.mutate(parsed.data);
  }

  const backToLogin = (
    <Link href="/login" className="link link-primary font-medium">
      Voltar para o login
    </Link>
  );

  if (sentTo) {
    return (
      <AuthLayout footer={backToLogin}>
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-success/15 text-success">
            <Icon name="mail" className="size-7" />
          </span>
          <h1 className="font-semibold text-2xl">Verifique seu email!</h1>
          <p className="text-base-content/70 text-sm">
            Se <strong>{sentTo}</strong> estiver cadastrado, você receberá em instantes um link para redefinir sua
            senha.
          </p>
          <ol className="list-decimal space-y-1 text-left text-base-content/80 text-sm">
            <li>Abra o email enviado pela Atenda (confira também a caixa de spam).</li>
            <li>Clique no link de redefinição; ele vale por tempo limitado.</li>
            <li>Escolha uma nova senha e faça login novamente.</li>
          </ol>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSentTo(null)}>
            Usar outro email
          </button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      footer={
        <>
          Ainda não tem conta?{" "}
          <Link href="/register" className="link link-primary font-medium">
            Criar conta
          </Link>
        </>
      }
    >
      <div>
        <h1 className="font-semibold text-2xl">Esqueceu sua senha?</h1>
        <p className="mt-1 text-base-content/70 text-sm">
          Informe o email da sua conta e enviaremos um link para redefinir a senha.
        </p>
      </div>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          onBlur={() => setTouched(true)}
          error={error}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={!parsed.success || send.isPending}>
          {send.isPending && <ButtonSpinner />}
          Enviar solicitação
        </button>
        <div className="text-center text-sm">{backToLogin}</div>
      </form>
    </AuthLayout>
  );
}
