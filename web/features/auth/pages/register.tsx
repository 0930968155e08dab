import { phoneReadyForSubmit, registerInput } from "../../../../src/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { Link, useLocation } from "wouter";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { serverFieldError } from "../../../lib/form-errors";
import { api } from "../../../lib/http";
import { AuthLayout } from "../components/auth-layout";
import { PasswordInput } from "../components/password-input";
import { PHONE_PREFIX, PhoneInput } from "../components/phone-input";
import { TextField } from "../components/text-field";
import { registerErrorToast } from "../errors";
import { authUserKey } from "../hooks/use-auth";

type Field = "firstName" | "lastName" | "phoneNumber" | "email" | "password";
const PHONE_INCOMPLETE = "Informe o DDD e o número completo do WhatsApp";

export default function RegisterPage() {
  const [, navigate] = useLocation();
  const qc = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState<Record<Field, string>>({
    firstName: "",
    lastName: "",
    phoneNumber: PHONE_PREFIX,
    email: "",
    password: "",
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  // A field the server refused (its zod message), shown under that field until it is edited.
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  const set = (k: Field) => (v: string) => {
    if (serverError?.field === k) setServerError(null);
    setForm((f) => ({ ...f, [k]: v }));
  };
  const touch = (k: Field) => () => setTouched((t) => ({ ...t, [k]: true }));

  const parsed = useMemo(() => registerInput.safeParse(form), [form]);
  const errors = useMemo(() => {
    const out: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as Field;
        if (!out[k]) out[k] = issue.message;
      }
    }
    if (!out.phoneNumber && !phoneReadyForSubmit(form.phoneNumber)) out.phoneNumber = PHONE_INCOMPLETE;
    return out;
  }, [parsed, form.phoneNumber]);
  const valid = parsed.success && phoneReadyForSubmit(form.phoneNumber);
  const shown = (k: Field) => (touched[k] ? errors[k] : undefined) ?? (serverError?.field === k ? serverError.message : undefined);

  const register = useMutation({
    mutationFn: (input: typeof form) =>
      api.post<{ authenticated?: boolean }>("/api/v1/auth/register", input),
    onSuccess: async (res) => {
      toast({
        title: "Conta criada com sucesso!",
        description:
          res?.authenticated === false
            ? "Bem-vindo à Atenda! Enviamos um link para confirmar seu email."
            : "Bem-vindo à Atenda! Sua conta está pronta para criar seus agentes.",
      });
      await qc.invalidateQueries({ queryKey: authUserKey });
      navigate("/");
    },
    onError: (e) => {
      setServerError(serverFieldError(e));
      toast(registerErrorToast(e));
    },
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched({ firstName: true, lastName: true, phoneNumber: true, email: true, password: true });
    if (!valid || !parsed.success || register.isPending) return;
    register.mutate({ ...parsed.data, phoneNumber: form.phoneNumber });
  }

  return (
    <AuthLayout
      footer={
        <>
          Já tem uma conta?{" "}
          <Link href="/login" className="link link-primary font-medium">
            Fazer login
          </Link>
        </>
      }
    >
      <div>
        <h1 className="font-semibold text-2xl">Criar conta</h1>
        <p className="mt-1 text-base-content/70 text-sm">Comece a atender seus clientes com agentes de IA.</p>
      </div>
      <form className="flex flex-col gap-3" onSubmit={onSubmit} noValidate>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField
            label="Nome"
            autoComplete="given-name"
            value={form.firstName}
            onChange={set("firstName")}
            onBlur={touch("firstName")}
            error={shown("firstName")}
          />
          <TextField
            label="Sobrenome"
            autoComplete="family-name"
            value={form.lastName}
            onChange={set("lastName")}
            onBlur={touch("lastName")}
            error={shown("lastName")}
          />
        </div>
        <PhoneInput
          label="WhatsApp"
          value={form.phoneNumber}
          onChange={set("phoneNumber")}
          onBlur={touch("phoneNumber")}
          error={shown("phoneNumber")}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set("email")}
          onBlur={touch("email")}
          error={shown("email")}
        />
        <PasswordInput
          label="Senha"
          autoComplete="new-password"
          value={form.password}
          onChange={set("password")}
          onBlur={touch("password")}
          error={shown("password")}
        />
        <button type="submit" className="btn btn-primary mt-2 w-full" disabled={!valid || register.isPending}>
          {register.isPending && <ButtonSpinner />}
          {register.isPending ? "Criando conta..." : "Criar conta"}
        </button>
        <p className="text-center text-base-content/60 text-xs">
          Ao criar uma conta, você concorda com os{" "}
          <Link href="/termos" className="link">
            Termos de Uso
          </Link>
          , a{" "}
          <Link href="/privacidade" className="link">
            Política de Privacidade
          </Link>{" "}
          e a{" "}
          <Link href="/reembolso" className="link">
            Política de Reembolso
          </Link>
          .
        </p>
      </form>
    </AuthLayout>
  );
}
