import DOMPurify from "dompurify";
import { Marked } from "marked";

/**
 * Assistant answers are untrusted (a model can be steered into writing HTML), so they go through
 * marked (GFM) and then DOMPurify with exactly the SPEC §5 allow-list.
 */
export const ALLOWED_TAGS = [
  "p", "br", "strong", "em", "u", "i", "b", "code", "pre", "blockquote",
  "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "a", "img",
  "table", "thead", "tbody", "tr", "td", "th",
];
export const ALLOWED_ATTR = ["href", "title", "alt", "src", "width", "height", "class"];
/** http, https, mailto, tel, plus relative URLs (no scheme); everything else loses the attribute. */
export const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Class values we emit ourselves; any other class (e.g. a Tailwind "fixed inset-0") is dropped. */
const SAFE_CLASS = /^(?:md-[a-z-]+|language-[\w+-]+)$/;

const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    // <input> is not on the allow-list, so task-list boxes become text before sanitising.
    checkbox: ({ checked }) => (checked ? "☑ " : "☐ "),
    // <del>/<s> are not on the allow-list either: keep the strike as an allowed tag with our class.
    del({ tokens }) {
      return `<em class="md-strike">${this.parser.parseInline(tokens)}</em>`;
    },
  },
});

function sameOrigin(src: string, origin: string): boolean {
  if (src.startsWith("data:image/")) return true;
  try {
    return new URL(src, origin).origin === origin;
  } catch {
    return false;
  }
}

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | null = null;

function getPurifier(): Purifier {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook("uponSanitizeAttribute", (_node, data) => {
    if (data.attrName === "class") {
      data.attrValue = data.attrValue
        .split(/\s+/)
        .filter((c) => SAFE_CLASS.test(c))
        .join(" ");
      if (!data.attrValue) data.keepAttr = false;
    }
  });
  p.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "A") {
      if (node.getAttribute("href")) {
        node.setAttribute("target", "_blank");
        node.setAttribute("rel", "noopener noreferrer");
      }
      return;
    }
    // DESIGN §6: an untrusted answer must not make the visitor's browser fetch outside hosts.
    if (node.tagName === "IMG") {
      const src = node.getAttribute("src") ?? "";
      if (sameOrigin(src, window.location.origin)) return;
      const link = node.ownerDocument.createElement("a");
      const label = node.getAttribute("alt") || "imagem";
      link.textContent = `🖼 ${label}`;
      if (src) {
        link.setAttribute("href", src);
        link.setAttribute("target", "_blank");
        link.setAttribute("rel", "noopener noreferrer");
      }
      link.setAttribute("class", "md-image-link");
      node.replaceWith(link);
    }
  });
  purifier = p;
  return p;
}

/** Markdown (GFM: tables, task lists, strikethrough, autolinks) → sanitised HTML string. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
