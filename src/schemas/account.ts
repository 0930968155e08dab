import { z } from "zod";
import { emailField } from "./auth";

/** The user's own account (/account, issue 17): one contract for the forms and the procedures. */

const digitsOf = (s: string) => s.replace(/\D/g, "");

export const ACCOUNT_LANGUAGES = [
  { value: "pt-BR", label: "Português (Brasil)" },
  { value: "en-US", label: "English (US)" },
  { value: "es-ES", label: "Español" },
] as const;
export type AccountLanguage = (typeof ACCOUNT_LANGUAGES)[number]["value"];
const languageValues = ACCOUNT_LANGUAGES.map((l) => l.value) as [AccountLanguage, ...AccountLanguage[]];

const personName = (what: "Nome" | "Sobrenome") =>
  z
    .string({ message: `${what} é obrigatório` })
    .trim()
    .transform((s) => s.replace(/\s+/g, " "))
    .pipe(z.string().min(2, `${what} deve ter pelo menos 2 caracteres`).max(100, `${what} deve ter no máximo 100 caracteres`));

const password = z
  .string({ message: "Senha é obrigatória" })
  .min(6, "Senha deve ter pelo menos 6 caracteres")
  .max(200, "Senha deve ter no máximo 200 caracteres");

const currentPassword = z.string({ message: "Informe sua senha atual" }).min(1, "Informe sua senha atual").max(200, "Senha inválida");

/** Same rule as the register form (SPEC §5): the +55 (DD) NNNNN-NNNN mask, 12+ digits starting with 55. */
export const updateProfileInput = z.object({
  firstName: personName("Nome"),
  lastName: personName("Sobrenome"),
  phoneNumber: z
    .string({ message: "Telefone é obrigatório" })
    .trim()
    .max(19, "Telefone inválido")
    .refine((s) => digitsOf(s).length >= 12 && digitsOf(s).startsWith("55"), "Telefone deve ter DDD e número, ex.: +55 (11) 98765-4321"),
  language: z.enum(languageValues, { message: "Idioma inválido" }),
});
export type UpdateProfileInput = z.output<typeof updateProfileInput>;

export const requestEmailChangeInput = z.object({
  newEmail: z.string({ message: "Email inválido" }).trim().toLowerCase().pipe(emailField),
  currentPassword,
});

export const confirmEmailChangeInput = z.object({
  token: z.string({ message: "Token é obrigatório" }).trim().min(1, "Token é obrigatório").max(200, "Token inválido"),
});

export const changePasswordInput = z
  .object({ currentPassword, newPassword: password })
  .refine((v) => v.currentPassword !== v.newPassword, { message: "A nova senha deve ser diferente da atual", path: ["newPassword"] });

/** A session as the list shows it: an opaque id (never the sid itself). */
export const endSessionInput = z.object({
  id: z.string({ message: "Sessão inválida" }).regex(/^[a-f0-9]{32}$/, "Sessão inválida"),
});

/** The word typed to confirm the deletion (a slip of the mouse cannot erase an account). */
export const DELETE_CONFIRMATION = "EXCLUIR";
export const deleteAccountInput = z.object({
  currentPassword,
  confirmation: z
    .string({ message: `Digite ${DELETE_CONFIRMATION} para confirmar` })
    .trim()
    .refine((s) => s === DELETE_CONFIRMATION, `Digite ${DELETE_CONFIRMATION} para confirmar`),
});

/** Avatar upload (POST /api/v1/account/avatar, multipart field "file"). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const AVATAR_ERRORS = {
  missing: "Envie a imagem no campo 'file'.",
  type: "Formato não suportado. Envie uma imagem PNG, JPG, WEBP ou GIF.",
  tooLarge: "A imagem deve ter no máximo 5 MB.",
  unreadable: "Não foi possível ler a imagem. Envie outro arquivo PNG, JPG, WEBP ou GIF.",
  tooManyPixels: "A imagem é grande demais (máximo de 40 megapixels).",
} as const;

/** SPEC §8 image errors: in a module without zod, since every avatar on every page shows them. */
export { IMAGE_ERRORS } from "./image-errors";
