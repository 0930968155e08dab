import { HttpError } from "../../lib/http";
import type { ToastInput } from "../../components/ui/toast";

const statusOf = (e: unknown) => (e instanceof HttpError ? e.status : -1);
const messageOf = (e: unknown) => (e instanceof Error ? e.message : "");

const CONNECTION = "Erro de conexão. Verifique sua internet e tente novamente.";

/** SPEC §8 Login. */
export function loginErrorToast(e: unknown): ToastInput {
  const status = statusOf(e);
  const msg = messageOf(e);
  if (status === 401)
    return {
      variant: "destructive",
      title: "Credenciais inválidas",
      description: msg || "Email ou senha incorretos. Verifique suas credenciais e tente novamente.",
    };
  if (status === 429)
    return {
      variant: "destructive",
      title: "Muitas tentativas",
      description: "Muitas tentativas de login. Aguarde alguns minutos antes de tentar novamente.",
    };
  if (status >= 500)
    return {
      variant: "destructive",
      title: "Erro no servidor",
      description: "Estamos enfrentando problemas técnicos. Tente novamente em alguns minutos.",
    };
  if (msg.includes("Email não verificado")) return { variant: "destructive", title: "Email não verificado", description: msg };
  // An admin suspended the account (issue 17): the server's message says what to do.
  if (status === 403 && msg.includes("conta está suspensa")) return { variant: "destructive", title: "Conta suspensa", description: msg };
  return {
    variant: "destructive",
    title: "Erro ao fazer login",
    description: status === 0 || !msg ? "Ocorreu um erro inesperado. Tente novamente." : msg,
  };
}

/** SPEC §8 Register (title 'Erro ao criar conta', 3 s). */
export function registerErrorToast(e: unknown): ToastInput {
  const status = statusOf(e);
  const msg = messageOf(e);
  let description = "Não foi possível criar sua conta. Tente novamente.";
  if (msg.includes("já existe")) description = "Este email já está sendo usado. Tente fazer login ou use outro email.";
  else if (status === 0) description = CONNECTION;
  else if (status === 400 || status === 422) description = "Verifique se todos os campos estão preenchidos corretamente.";
  return { variant: "destructive", title: "Erro ao criar conta", description, duration: 3000 };
}

/** SPEC §8 Forgot password. */
export function forgotErrorToast(e: unknown): ToastInput {
  const status = statusOf(e);
  const msg = messageOf(e).toLowerCase();
  let description = "Não foi possível enviar o email de recuperação. Tente novamente.";
  if (status === 404 || msg.includes("não está cadastrado")) description = "Este email não está cadastrado em nossa plataforma.";
  else if (status === 0) description = CONNECTION;
  else if (msg.includes("serviço de email") || msg.includes("smtp") || status === 502 || status === 503)
    description = "Erro no serviço de email. Tente novamente em alguns minutos.";
  return { variant: "destructive", title: "Erro ao enviar email", description };
}
