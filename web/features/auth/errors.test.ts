import { describe, expect, test } from "bun:test";
import { HttpError } from "../../lib/http";
import { forgotErrorToast, loginErrorToast, registerErrorToast } from "./errors";

describe("login error toasts (§8)", () => {
  test("maps status and messages", () => {
    expect(loginErrorToast(new HttpError("", 401))).toMatchObject({
      title: "Credenciais inválidas",
      description: "Email ou senha incorretos. Verifique suas credenciais e tente novamente.",
    });
    expect(loginErrorToast(new HttpError("Senha errada", 401)).description).toBe("Senha errada");
    expect(loginErrorToast(new HttpError("x", 429)).title).toBe("Muitas tentativas");
    expect(loginErrorToast(new HttpError("x", 502)).title).toBe("Erro no servidor");
    expect(loginErrorToast(new HttpError("Email não verificado. Confira sua caixa.", 403))).toMatchObject({
      title: "Email não verificado",
      description: "Email não verificado. Confira sua caixa.",
    });
    expect(loginErrorToast(new HttpError("Sua conta está suspensa. Entre em contato com o suporte para saber mais.", 403))).toMatchObject({
      title: "Conta suspensa",
      description: "Sua conta está suspensa. Entre em contato com o suporte para saber mais.",
    });
    expect(loginErrorToast(new HttpError("Falha de rede", 0))).toMatchObject({
      title: "Erro ao fazer login",
      description: "Ocorreu um erro inesperado. Tente novamente.",
    });
  });
});

describe("register and forgot-password toasts (§8)", () => {
  test("register", () => {
    expect(registerErrorToast(new HttpError("Usuário já existe", 409)).description).toBe(
      "Este email já está sendo usado. Tente fazer login ou use outro email.",
    );
    expect(registerErrorToast(new HttpError("x", 0)).description).toBe("Erro de conexão. Verifique sua internet e tente novamente.");
    expect(registerErrorToast(new HttpError("x", 400)).description).toBe(
      "Verifique se todos os campos estão preenchidos corretamente.",
    );
    expect(registerErrorToast(new HttpError("x", 500))).toMatchObject({
      title: "Erro ao criar conta",
      description: "Não foi possível criar sua conta. Tente novamente.",
      duration: 3000,
    });
  });

  test("forgot password", () => {
    expect(forgotErrorToast(new HttpError("x", 404)).description).toBe("Este email não está cadastrado em nossa plataforma.");
    expect(forgotErrorToast(new HttpError("x", 503)).description).toBe("Erro no serviço de email. Tente novamente em alguns minutos.");
    expect(forgotErrorToast(new HttpError("x", 500))).toMatchObject({
      title: "Erro ao enviar email",
      description: "Não foi possível enviar o email de recuperação. Tente novamente.",
    });
  });
});
