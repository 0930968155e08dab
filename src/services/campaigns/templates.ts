/**
 * The official WhatsApp connection's approved message templates (Graph GET /{waba_id}/message_templates),
 * with the placeholders of their body, for the campaign form (pick a template, fill {{1}}… per contact).
 */
import { and, eq } from "drizzle-orm";
import { channelConnections } from "../../../db/schema";
import { WhatsAppApiError } from "../../adapters/whatsapp-cloud/client";
import { type MessageTemplate, listMessageTemplates } from "../../adapters/whatsapp-cloud/templates";
import { AppError } from "../../lib/errors";
import type { WhatsAppCloudStoredConfig } from "../channel-store";
import type { ServiceContext, WorkspaceScope } from "../context";

export type ApprovedTemplate = {
  name: string;
  language: string;
  category: string | null;
  /** The body text with {{1}}, {{2}}… */
  body: string;
  /** How many {{n}} the body has: the form asks for one text each. */
  bodyParamCount: number;
  /** IMAGE/DOCUMENT/VIDEO when the header takes media (then headerMediaUrl is asked), else null. */
  headerFormat: string | null;
};

export const TEMPLATE_ERRORS = {
  connectionNotFound: "Conexão não encontrada",
  notOfficial: "Modelos aprovados só existem em conexões do WhatsApp oficial (Cloud API)",
  graphRefused: "O WhatsApp recusou a consulta dos modelos",
} as const;

const MEDIA_HEADERS = new Set(["IMAGE", "DOCUMENT", "VIDEO"]);

/** The highest {{n}} of a body: Meta numbers them 1..n, so a body with {{1}} and {{2}} takes two parameters. */
export function bodyParamCountOf(body: string): number {
  let max = 0;
  for (const m of body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
}

export function toApprovedTemplate(t: MessageTemplate): ApprovedTemplate {
  const body = t.components.find((c) => c.type === "BODY")?.text ?? "";
  const header = t.components.find((c) => c.type === "HEADER");
  const format = header?.format ?? null;
  return { name: t.name, language: t.language, category: t.category, body, bodyParamCount: bodyParamCountOf(body), headerFormat: format && MEDIA_HEADERS.has(format) ? format : null };
}

export async function listApprovedTemplates(ctx: ServiceContext, scope: WorkspaceScope, connectionId: string): Promise<ApprovedTemplate[]> {
  const [row] = await ctx.db
    .select({ channel: channelConnections.channel, config: channelConnections.config })
    .from(channelConnections)
    .where(and(eq(channelConnections.id, connectionId), eq(channelConnections.workspaceId, scope.id)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", TEMPLATE_ERRORS.connectionNotFound);
  if (row.channel !== "whatsapp_cloud") throw new AppError("PRECONDITION_FAILED", TEMPLATE_ERRORS.notOfficial);
  const c = row.config as unknown as WhatsAppCloudStoredConfig;
  try {
    const all = await listMessageTemplates({
      baseUrl: ctx.env.WHATSAPP_GRAPH_BASE,
      version: ctx.env.WHATSAPP_GRAPH_VERSION,
      accessToken: ctx.secrets.decrypt(c.accessToken),
      businessAccountId: c.businessAccountId,
    });
    return all
      .filter((t) => t.status === "APPROVED")
      .map(toApprovedTemplate)
      .sort((a, b) => a.name.localeCompare(b.name, "pt-BR") || a.language.localeCompare(b.language));
  } catch (err) {
    if (err instanceof WhatsAppApiError) throw new AppError("UNAVAILABLE", `${TEMPLATE_ERRORS.graphRefused}: ${err.message}`);
    throw err;
  }
}
