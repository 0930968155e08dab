/**
 * WhatsApp Cloud message templates (protocols.md §1.1): the business account's templates
 * (GET /{version}/{waba_id}/message_templates, Graph paging) and a template send with its
 * body parameters and an optional media header (POST /{version}/{phone_number_id}/messages).
 */
import { type GraphConn, graphRequest } from "../meta-graph/client";
import { type GraphTarget, sentId, WHATSAPP, WhatsAppApiError } from "./client";

export type TemplatesTarget = GraphConn & { businessAccountId: string };

export type TemplateComponent = { type: string; format?: string | null; text?: string | null };
export type MessageTemplate = { name: string; language: string; status: string; category: string | null; components: TemplateComponent[] };

/** Pages are followed up to this many: a WABA has at most a few hundred templates (Graph caps pages at 100). */
const MAX_PAGES = 20;
const PAGE_SIZE = 100;

const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);

function parseTemplate(raw: unknown): MessageTemplate | null {
  if (!raw || typeof raw !== "object") return null;
  const t = raw as Record<string, unknown>;
  const name = str(t.name);
  const language = str(t.language);
  if (!name || !language) return null;
  const components = Array.isArray(t.components)
    ? t.components.flatMap((c): TemplateComponent[] => {
        if (!c || typeof c !== "object") return [];
        const o = c as Record<string, unknown>;
        const type = str(o.type);
        return type ? [{ type: type.toUpperCase(), format: str(o.format)?.toUpperCase() ?? null, text: str(o.text) }] : [];
      })
    : [];
  return { name, language, status: (str(t.status) ?? "").toUpperCase(), category: str(t.category), components };
}

/**
 * Every template of the account, any status (the caller keeps APPROVED). The next page is asked
 * with the `after` cursor on our own base URL rather than fetching `paging.next` as given, so the
 * bearer token never goes to a host the response names.
 */
export async function listMessageTemplates(target: TemplatesTarget): Promise<MessageTemplate[]> {
  const out: MessageTemplate[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const qs = new URLSearchParams({ fields: "name,language,status,category,components", limit: String(PAGE_SIZE) });
    if (after) qs.set("after", after);
    const body = await graphRequest(WHATSAPP, target, `${encodeURIComponent(target.businessAccountId)}/message_templates?${qs}`, { method: "GET" });
    const data = Array.isArray(body.data) ? body.data : [];
    for (const raw of data) {
      const t = parseTemplate(raw);
      if (t) out.push(t);
    }
    const paging = (body.paging ?? {}) as { next?: unknown; cursors?: { after?: unknown } };
    after = str(paging.cursors?.after);
    if (!str(paging.next) || !after || data.length === 0) return out;
  }
  return out;
}

export type TemplateSend = { name: string; language: string; bodyParams: string[]; headerMediaUrl?: string | null; headerFormat?: "IMAGE" | "DOCUMENT" | "VIDEO" | null };

/** The header's media kind: given, else guessed from the link (a .pdf is a document, the rest an image). */
function headerKind(t: TemplateSend): "image" | "document" | "video" {
  if (t.headerFormat) return t.headerFormat.toLowerCase() as "image" | "document" | "video";
  return /\.pdf(?:$|[?#])/i.test(t.headerMediaUrl ?? "") ? "document" : "image";
}

/** The `template` object of a send: body parameters as text, the header media by link when given. */
export function templatePayload(t: TemplateSend): Record<string, unknown> {
  const components: Record<string, unknown>[] = [];
  if (t.headerMediaUrl) {
    const kind = headerKind(t);
    components.push({ type: "header", parameters: [{ type: kind, [kind]: { link: t.headerMediaUrl } }] });
  }
  if (t.bodyParams.length > 0) components.push({ type: "body", parameters: t.bodyParams.map((text) => ({ type: "text", text })) });
  return { name: t.name, language: { code: t.language }, ...(components.length > 0 ? { components } : {}) };
}

/** POST /{version}/{phone_number_id}/messages type template → the wamid. A parameter-count mismatch is Graph error 132000. */
export async function sendTemplateMessage(target: GraphTarget, to: string, template: TemplateSend): Promise<string> {
  if (!template.name) throw new WhatsAppApiError("Modelo sem nome", null, null, false);
  const payload = { messaging_product: "whatsapp", recipient_type: "individual", to, type: "template", template: templatePayload(template) };
  return sentId(await graphRequest(WHATSAPP, target, `${encodeURIComponent(target.phoneNumberId)}/messages`, { method: "POST", body: payload }));
}
