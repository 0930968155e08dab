/**
 * Notes on Notion (protocols.md §12, version 2022-06-28): search pages, create a page under the
 * configured parent (a page or a database) with paragraph blocks, append paragraphs to a page.
 * Text is split to Notion's limits: ≤2000 characters per rich-text item, ≤100 blocks per call.
 */
import { NOTION_CHILDREN_LIMIT, NOTION_RICH_TEXT_LIMIT, type NotionParentType } from "../../schemas/notion";
import { notionRequest } from "../../adapters/notion/client";

export type NotionParent = { type: NotionParentType; id: string };
type RichText = { plain_text?: string; text?: { content?: string } };
type NotionProperty = { type?: string; title?: RichText[] };
export type NotionPage = { object?: string; id: string; url?: string; last_edited_time?: string; properties?: Record<string, NotionProperty>; title?: RichText[] };
type NotionBlock = { type?: string; [k: string]: unknown };
type NotionList<T> = { object?: string; results?: T[]; has_more?: boolean; next_cursor?: string | null };
export type NotionBot = { id?: string; name?: string; type?: string; bot?: { workspace_name?: string } };

/** Text cut into pieces of at most `max` UTF-16 units, at a space or line break when one is near the end. */
export function splitText(text: string, max = NOTION_RICH_TEXT_LIMIT): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = max;
    const space = Math.max(rest.lastIndexOf(" ", max), rest.lastIndexOf("\n", max));
    if (space > max * 0.8) cut = space + 1;
    // Never split a surrogate pair (an emoji would turn into two broken characters).
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) out.push(rest);
  return out;
}

const textItem = (content: string) => ({ type: "text", text: { content } });

/** Paragraph blocks: one per blank-line-separated paragraph, each cut into rich-text items of ≤2000 characters. */
export function paragraphBlocks(text: string) {
  const blocks: { object: "block"; type: "paragraph"; paragraph: { rich_text: ReturnType<typeof textItem>[] } }[] = [];
  for (const para of text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const pieces = splitText(para);
    // A paragraph holds at most 100 rich-text items: longer ones continue in the next block.
    for (let i = 0; i < pieces.length; i += 100) blocks.push({ object: "block", type: "paragraph", paragraph: { rich_text: pieces.slice(i, i + 100).map(textItem) } });
  }
  return blocks;
}

export const plainText = (rich: RichText[] | undefined) => (rich ?? []).map((r) => r.plain_text ?? r.text?.content ?? "").join("");

/** A page's title (its "title" property, whatever its name) or a database's title. */
export function titleOf(obj: NotionPage): string {
  if (Array.isArray(obj.title)) return plainText(obj.title);
  const prop = Object.values(obj.properties ?? {}).find((p) => p?.type === "title");
  return plainText(prop?.title);
}

/** The readable text of a block list (paragraphs, headings, lists, quotes, to-dos…). */
function blocksText(blocks: NotionBlock[]): string {
  return blocks
    .map((b) => {
      const inner = b.type ? (b[b.type] as { rich_text?: RichText[] } | undefined) : undefined;
      return plainText(inner?.rich_text);
    })
    .filter(Boolean)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

const excerpt = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);
const idPath = (id: string) => encodeURIComponent(id);

export const whoAmI = (token: string, signal?: AbortSignal) => notionRequest<NotionBot>(token, "GET", "/users/me", undefined, signal);

/** The configured parent, read back (404 when it was not shared with the integration). */
export async function readParent(token: string, parent: NotionParent, signal?: AbortSignal) {
  const obj = await notionRequest<NotionPage & { properties?: Record<string, NotionProperty> }>(token, "GET", `/${parent.type === "database" ? "databases" : "pages"}/${idPath(parent.id)}`, undefined, signal);
  return { title: titleOf(obj) || "(sem título)", url: obj.url ?? null, obj };
}

const MAX_RESULTS = 5;
const EXCERPTS = 3;

export async function searchNotes(token: string, query: string, signal?: AbortSignal) {
  const list = await notionRequest<NotionList<NotionPage>>(
    token,
    "POST",
    "/search",
    { query, filter: { property: "object", value: "page" }, sort: { direction: "descending", timestamp: "last_edited_time" }, page_size: MAX_RESULTS },
    signal,
  );
  const pages = (list.results ?? []).filter((p) => p.object === "page").slice(0, MAX_RESULTS);
  return Promise.all(
    pages.map(async (p, i) => {
      let trecho = "";
      if (i < EXCERPTS) {
        // An excerpt is a bonus: a page whose content cannot be read still shows its title and link.
        trecho = await notionRequest<NotionList<NotionBlock>>(token, "GET", `/blocks/${idPath(p.id)}/children?page_size=20`, undefined, signal)
          .then((r) => excerpt(blocksText(r.results ?? [])))
          .catch(() => "");
      }
      return { id: p.id, titulo: titleOf(p) || "(sem título)", url: p.url ?? null, trecho, editado_em: p.last_edited_time ?? null };
    }),
  );
}

/** Appends blocks in calls of at most 100 children each. */
async function appendBlocks(token: string, pageId: string, blocks: unknown[], signal?: AbortSignal) {
  for (let i = 0; i < blocks.length; i += NOTION_CHILDREN_LIMIT) {
    await notionRequest(token, "PATCH", `/blocks/${idPath(pageId)}/children`, { children: blocks.slice(i, i + NOTION_CHILDREN_LIMIT) }, signal);
  }
}

export async function createNote(token: string, parent: NotionParent, title: string, content: string, signal?: AbortSignal) {
  const titleText = splitText(title).slice(0, 1).map(textItem);
  let properties: Record<string, unknown>;
  let parentRef: Record<string, string>;
  if (parent.type === "database") {
    // A database names its title column freely ("Name", "Nome", "Título"…): read it first.
    const db = await notionRequest<{ properties?: Record<string, NotionProperty> }>(token, "GET", `/databases/${idPath(parent.id)}`, undefined, signal);
    const titleKey = Object.entries(db.properties ?? {}).find(([, p]) => p?.type === "title")?.[0] ?? "Name";
    properties = { [titleKey]: { title: titleText } };
    parentRef = { database_id: parent.id };
  } else {
    properties = { title: { title: titleText } };
    parentRef = { page_id: parent.id };
  }
  const blocks = paragraphBlocks(content);
  const page = await notionRequest<NotionPage>(token, "POST", "/pages", { parent: parentRef, properties, children: blocks.slice(0, NOTION_CHILDREN_LIMIT) }, signal);
  await appendBlocks(token, page.id, blocks.slice(NOTION_CHILDREN_LIMIT), signal);
  return { id: page.id, titulo: title, url: page.url ?? null };
}

export async function appendToNote(token: string, pageId: string, content: string, signal?: AbortSignal) {
  const blocks = paragraphBlocks(content);
  await appendBlocks(token, pageId, blocks, signal);
  return { id: pageId, paragrafos_adicionados: blocks.length };
}
