import { useEffect, useMemo, useState } from "react";

type Renderer = typeof import("../../lib/markdown");

let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

/**
 * marked + DOMPurify are a chunk of their own, fetched on first use: the public chat's first
 * screen has no markdown, so its visitors do not wait for them. The chat starts this on send.
 */
export function loadMarkdown(): Promise<Renderer> {
  loading ??= import("../../lib/markdown").then(
    (m) => {
      renderer = m;
      return m;
    },
    (e: unknown) => {
      loading = null; // a failed chunk load is tried again by the next answer
      throw e;
    },
  );
  return loading;
}

/**
 * An assistant answer: markdown rendered and sanitised (web/lib/markdown.ts) before it touches the DOM.
 * The `md` class styles the allowed tags; there is no typography plugin (stack-notes §5e). Until
 * the renderer has loaded, the text shows as plain text (React escapes it).
 */
export function MarkdownContent({ text, className = "" }: { text: string; className?: string }) {
  const [md, setMd] = useState<Renderer | null>(renderer);
  useEffect(() => {
    if (md) return;
    let live = true;
    loadMarkdown().then(
      (m) => live && setMd(m),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [md]);
  const html = useMemo(() => (md ? md.renderMarkdown(text) : null), [md, text]);
  if (html === null) return <div className={`md whitespace-pre-wrap ${className}`}>{text}</div>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes out of DOMPurify with the SPEC §5 allow-list
  return <div className={`md ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
