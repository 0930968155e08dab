/**
 * SPEC §8 image errors, the protected avatar path answers with them. A module of its own, free of
 * zod: the avatar component shows them on every page, the public chat included, and importing them
 * from account.ts put zod and the account schemas into the chat's bundle (+29 kB br, issue 12).
 */
export const IMAGE_ERRORS = {
  unauthorized: "Sessão expirada ou usuário não autenticado. Faça login novamente.",
  forbidden: "Acesso negado. Você não tem permissão para acessar esta imagem.",
  notFound: "Imagem não encontrada.",
} as const;
