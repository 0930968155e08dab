import { useMemo } from "react";
import { renderMarkdown } from "../../lib/markdown";

/**
 * An assistant answer: markdown rendered and sanitised (web/lib/markdown.ts) before it touches the DOM.
 * The `md` class styles the allowed tags; there is no typography plugin (stack-notes §5e).
 */
export function MarkdownContent({ text, className = "" }: { text: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes out of DOMPurify with the SPEC §5 allow-list
  return <div className={`md ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
