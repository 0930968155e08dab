import type { loginReadyForSubmit } from "../../../../src/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { api } from "../../../lib/http";
import { keys, local, postLoginTarget, session } from "../../../lib/storage";
import { AuthLayout } from "../components/auth-layout";
import { PasswordInput } from "../components/password-input";
import { TextField } from "../components/text-field";
import { loginErrorToast } from "../errors";
import { preloadAfterLogin } from "../hooks/preload";
import { useAuth } from "../hooks/use-auth";

const LOGOUT_FLAG_CLEAR_MS = 1000;

export default function LoginPage() {
  const [, navigate] = useLocation();
  const qc = useQueryClient();
  const toast = useToast();
  const { isAuthenticated } = useAuth();
  const [email, setEmail] = useState(() => local.get(keys.rememberEmail) ?? "");
  const [password, setPassword] = useState(() => local.get(keys.rememberPassword) ?? "");
  const [remember, setRemember] = useState(() => !!local.get(keys.rememberEmail));
  const [loggingOut, setLoggingOut] = useState(() => session.get(keys.logoutFlag) === "1");
  // True from submit until we leave the page, so the "already authenticated" redirect stays quiet.
  const [busy, setBusy] = useState(false);

  // Arriving from logout: keep the visitor here, then drop the flag after 1 s (§2 Login).
  useEffect(() => {
    if (!loggingOut) return;
    const t = setTimeout(() => {
      session.remove(keys.logoutFlag);
      setLoggingOut(false);
    }, LOGOUT_FLAG_CLEAR_MS);
    return () => clearTimeout(t);
  }, [loggingOut]);

  useEffect(() => {
    if (isAuthenticated && !loggingOut && !busy) navigate(postLoginTarget(), { replace: true });
  }, [isAuthenticated, loggingOut, busy, navigate]);

  const login = useMutation({
    mutationFn: (input: { email: string; password: string; rememberMe: boolean }) => api.post("/api/v1/auth/login", input),
  });

  // The email rule is the server's (zod): a chunk of its own, fetched after the form first paints.
  const [rule, setRule] = useState<{ check: typeof loginReadyForSubmit } | null>(null);
  useEffect(() => {
    let live = true;
    import("../../../../src/schemas/auth").then(
      (m) => live && setRule({ check: m.loginReadyForSubmit }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  const ready = rule?.check(email, password) ?? false;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!ready || busy) return;
    const cleanEmail = email.trim().toLowerCase();
    if (remember) {
      local.set(keys.rememberEmail, cleanEmail);
      local.set(keys.rememberPassword, password);
    } else {
      local.remove(keys.rememberEmail);
      local.remove(keys.rememberPassword);
    }
    setBusy(true);
    try {
      await login.mutateAsync({ email: cleanEmail, password, rememberMe: remember });
    } catch (err) {
      setBusy(false);
      toast(loginErrorToast(err));
      return;
    }
    session.remove(keys.logoutFlag);
    const target = postLoginTarget();
    const ok = await preloadAfterLogin(qc).catch(() => false);
    // Incomplete cache: a full page load rebuilds everything from the server (§8 Login).
    if (!ok) window.location.href = target;
    else navigate(target);
  }

  return (
    <AuthLayout
      footer={
        <>
          Não tem uma conta?{" "}
          <Link href="/register" className="link link-primary font-medium">
            Criar conta
          </Link>
        </>
      }
    >
      <div>
        <h1 className="font-semibold text-2xl">Faça login na sua conta</h1>
        <p className="mt-1 text-base-content/70 text-sm">Bem-vindo de volta! Entre com seu email e senha.</p>
      </div>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <TextField label="Email" type="email" name="email" autoComplete="email" value={email} onChange={setEmail} />
        <PasswordInput label="Senha" name="password" value={password} onChange={setPassword} />
        <div className="flex items-center justify-between gap-2 text-sm">
          <label className="flex cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-primary checkbox-sm"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
            />
            Lembrar de mim
          </label>
          <Link href="/forgot-password" className="link link-primary">
            Esqueceu a senha?
          </Link>
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={!ready || busy}>
          {busy && <ButtonSpinner />}
          Fazer login
        </button>
      </form>
    </AuthLayout>
  );
}
