/**
 * Notion contract (SPEC §3 notes integration, protocols.md §12): the same schema validates the
 * card's form in the browser and the tRPC input on the server.
 */
import { z } from "zod";

export const NOTION_TOKEN_REQUIRED = "Informe o token da integração do Notion";
export const NOTION_TOKEN_INVALID = 'Token do Notion deve começar com "ntn_" ou "secret_"';
export const NOTION_PARENT_REQUIRED = "Informe a página ou o banco de dados onde as notas serão criadas";
export const NOTION_PARENT_INVALID = "Link ou ID do Notion inválido: copie o link da página (… › Copiar link)";

export const notionParentTypes = ["page", "database"] as const;
export type NotionParentType = (typeof notionParentTypes)[number];
export const PARENT_TYPE_LABELS: Record<NotionParentType, string> = { page: "Página", database: "Banco de dados" };

/**
 * The 32 hex digits of a Notion id, from a dashed/undashed id or a notion.so link (the last run of
 * 32 hex digits in the path; `?v=` is a view id, not the database), as the dashed UUID.
 */
export function parseNotionId(raw: string): string | null {
  const trimmed = raw.trim();
  let text = /^([\w-]+\.)?notion\.(so|site)\//i.test(trimmed) ? `https://${trimmed}` : trimmed;
  const isLink = /^https?:\/\//i.test(text);
  if (isLink) {
    try {
      text = new URL(text).pathname;
    } catch {
      return null;
    }
  }
  const compact = text.replace(/-/g, "");
  const all = [...compact.matchAll(/[0-9a-f]{32}(?![0-9a-f])/gi)];
  const hex = all.at(-1)?.[0]?.toLowerCase();
  if (!hex) return null;
  // A bare id must be exactly the id, not a longer word that happens to contain 32 hex digits.
  if (!isLink && compact.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const notionInput = z.object({
  /** Secret: "" or absent on update keeps the stored token (the form never receives it). */
  token: z
    .string()
    .trim()
    .max(500, "Token deve ter no máximo 500 caracteres")
    .refine((s) => !s || /^(ntn_|secret_)\S+$/.test(s), NOTION_TOKEN_INVALID)
    .optional(),
  parentType: z.enum(notionParentTypes, { message: "Tipo de destino inválido" }).default("page"),
  /** Where criar_nota creates pages: a page id/link or a database id/link. Stored as the dashed id. */
  parentId: z
    .string()
    .trim()
    .min(1, NOTION_PARENT_REQUIRED)
    .max(2048, NOTION_PARENT_INVALID)
    .refine((s) => parseNotionId(s) !== null, NOTION_PARENT_INVALID)
    .transform((s) => parseNotionId(s) ?? s),
  enabled: z.boolean().default(true),
});
export type NotionInput = z.input<typeof notionInput>;

/** "Testar": the unsaved form (blank token = the stored one), or nothing to test what is saved. */
export const notionTestInput = notionInput.partial({ parentId: true }).optional();
export type NotionConfig = z.output<typeof notionInput>;
export type NotionTest = z.output<typeof notionTestInput>;
export const saveNotionInput = z.object({ agentId: z.uuid(), config: notionInput });
export const testNotionInput = z.object({ agentId: z.uuid(), config: notionTestInput });

/** Notion's size limits (protocols.md §12): characters per rich-text item, blocks per children array. */
export const NOTION_RICH_TEXT_LIMIT = 2000;
export const NOTION_CHILDREN_LIMIT = 100;
