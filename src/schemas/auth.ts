import { z } from "zod";

/** Shared by the register form and the server (SPEC §5 Authentication). */
export const emailField = z.email({ message: "Email inválido" }).trim().toLowerCase().max(254, "Email inválido");

const digitsOf = (s: string) => s.replace(/\D/g, "");

export const registerInput = z.object({
  email: z.string({ message: "Email inválido" }).trim().toLowerCase().pipe(emailField),
  phoneNumber: z
    .string({ message: "Telefone é obrigatório" })
    .trim()
    .max(19, "Telefone inválido")
    .refine((s) => digitsOf(s).length >= 10, "Telefone deve ter pelo menos 10 dígitos"),
  firstName: z
    .string({ message: "Nome é obrigatório" })
    .trim()
    .min(2, "Nome deve ter pelo menos 2 caracteres")
    .max(100, "Nome deve ter no máximo 100 caracteres"),
  lastName: z
    .string({ message: "Sobrenome é obrigatório" })
    .trim()
    .min(2, "Sobrenome deve ter pelo menos 2 caracteres")
    .max(100, "Sobrenome deve ter no máximo 100 caracteres"),
  password: z
    .string({ message: "Senha é obrigatória" })
    .min(6, "Senha deve ter pelo menos 6 caracteres")
    .max(200, "Senha deve ter no máximo 200 caracteres"),
});
export type RegisterInput = z.infer<typeof registerInput>;

/** The register button needs more than the server: 12+ digits starting with 55 (SPEC §5). */
export const phoneReadyForSubmit = (formatted: string) => {
  const d = digitsOf(formatted);
  return d.length >= 12 && d.startsWith("55");
};

/** Formats typed digits as +55 (DD) NNNNN-NNNN; the +55 prefix is fixed and cannot be deleted. */
export function formatBrazilPhone(raw: string): string {
  let d = digitsOf(raw);
  if (d.startsWith("55")) d = d.slice(2);
  d = d.slice(0, 11);
  let out = "+55";
  if (d.length === 0) return `${out} `;
  out += ` (${d.slice(0, 2)}`;
  if (d.length < 2) return out;
  out += ")";
  if (d.length === 2) return out;
  const rest = d.slice(2);
  if (rest.length <= 5) return `${out} ${rest}`;
  return `${out} ${rest.slice(0, 5)}-${rest.slice(5)}`.slice(0, 19);
}

export const loginInput = z.object({
  email: z.string({ message: "Email inválido" }).trim().toLowerCase().pipe(emailField),
  password: z.string({ message: "Senha é obrigatória" }).min(1, "Senha é obrigatória").max(200, "Senha inválida"),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginInput>;

/** Client-side enablement of 'Fazer login' (SPEC §2 Login). */
export const loginReadyForSubmit = (email: string, password: string) =>
  emailField.safeParse(email).success && password.length >= 4;

export const forgotPasswordInput = z.object({
  email: z.string({ message: "Email inválido" }).trim().toLowerCase().pipe(emailField),
});

export const resetPasswordInput = z.object({
  token: z.string({ message: "Token é obrigatório" }).trim().min(1, "Token é obrigatório").max(200, "Token inválido"),
  password: z
    .string({ message: "Senha é obrigatória" })
    .min(6, "Senha deve ter pelo menos 6 caracteres")
    .max(200, "Senha deve ter no máximo 200 caracteres"),
});

export const verifyEmailInput = z.object({
  token: z.string({ message: "Token é obrigatório" }).trim().min(1, "Token é obrigatório").max(200, "Token inválido"),
});

/** The parsed bodies the auth services take (src/api/auth.ts parses each once). */
export type Login = z.output<typeof loginInput>;
export type ForgotPassword = z.output<typeof forgotPasswordInput>;
export type ResetPassword = z.output<typeof resetPasswordInput>;
export type VerifyEmail = z.output<typeof verifyEmailInput>;
