import DOMPurify from "dompurify";
import { useMemo } from "react";

/** A mail as the recipient sees it: subject, the HTML sanitised inside a sandboxed iframe, and the plain text. */
export function MailPreview({ subject, html, text, label = "Pré-visualização" }: { subject: string; html: string; text: string; label?: string }) {
  // Admin-authored HTML still goes through DOMPurify, and the iframe has no scripts, forms or same-origin access.
  const clean = useMemo(() => DOMPurify.sanitize(html, { FORBID_TAGS: ["form", "input", "button"], FORBID_ATTR: ["onerror", "onload"] }), [html]);
  const doc = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><base target="_blank"><style>body{font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;color:#1f2937;margin:16px}a{color:#2563eb}</style></head><body>${clean}</body></html>`;
  return (
    <section aria-label={label} className="flex flex-col gap-3">
      <div className="rounded-box border border-base-300 bg-base-200/50 px-3 py-2 text-sm">
        <span className="text-base-content/60">Assunto: </span>
        <span className="font-medium" data-testid="preview-subject">
          {subject}
        </span>
      </div>
      <iframe title={`${label}: HTML`} sandbox="" srcDoc={doc} className="h-72 w-full rounded-box border border-base-300 bg-white" />
      <details className="rounded-box border border-base-300">
        <summary className="cursor-pointer px-3 py-2 text-sm">Versão em texto</summary>
        <pre className="whitespace-pre-wrap break-words px-3 pb-3 font-sans text-sm">{text}</pre>
      </details>
    </section>
  );
}
