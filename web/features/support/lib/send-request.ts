/**
 * POST /api/v1/support/requests (SPEC §7): multipart with credentials and x-csrf-token; the answer's
 * `message` is what the success toast shows. XHR, not fetch: a screen recording can be tens of MB and
 * the dialog shows the upload's progress.
 */
import type { SupportPriority, SupportType } from "../../../../src/schemas/support";
import { csrfHeaders, extractErrorMessage, HttpError } from "../../../lib/http";

export const SUPPORT_REQUESTS_URL = "/api/v1/support/requests";
const BUG_SUBJECT_MAX = 80;

export type SupportRequestDraft = {
  type: SupportType;
  subject: string;
  description: string;
  priority: SupportPriority;
  attachments: File[];
};

export type SentRequest = { message: string; id: string | null };

/** A bug's subject: the description's first non-blank line, up to 80 characters, else "Bug report". */
export function bugSubject(description: string): string {
  const line = description
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find(Boolean);
  if (!line) return "Bug report";
  return line.length > BUG_SUBJECT_MAX ? `${line.slice(0, BUG_SUBJECT_MAX - 1)}…` : line;
}

/**
 * The running build: the content hash in the entry script's name (/assets/index-<hash>.js) changes
 * with every build that changes the bundle, so the team can tell which one the user had. "dev" when
 * served unbundled.
 */
export function appVersion(doc: Pick<Document, "querySelectorAll"> = document): string {
  for (const s of doc.querySelectorAll<HTMLScriptElement>("script[type='module'][src]")) {
    const m = /\/assets\/[\w.]*?-(\w+)\.js$/.exec(s.getAttribute("src") ?? "");
    if (m?.[1]) return `web-${m[1]}`;
  }
  return "dev";
}

/** The multipart body; the server adds the browser (User-Agent) itself. */
export function supportForm(draft: SupportRequestDraft, meta: { pageUrl: string; appVersion: string }): FormData {
  const form = new FormData();
  form.set("type", draft.type);
  form.set("subject", draft.subject);
  form.set("description", draft.description);
  form.set("priority", draft.priority);
  form.set("pageUrl", meta.pageUrl);
  form.set("appVersion", meta.appVersion);
  for (const file of draft.attachments) form.append("attachments", file, file.name);
  return form;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends the form; rejects with an HttpError carrying the status (0: no answer) and the server's message. */
export function postSupportRequest(form: FormData, opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}): Promise<SentRequest> {
  return new Promise<SentRequest>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", SUPPORT_REQUESTS_URL);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    for (const [k, v] of Object.entries(csrfHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const b = (body ?? {}) as { message?: unknown; data?: { id?: unknown } };
        resolve({ message: typeof b.message === "string" ? b.message : "", id: typeof b.data?.id === "string" ? b.data.id : null });
        return;
      }
      reject(new HttpError(extractErrorMessage(xhr.responseText, body, xhr.statusText), xhr.status, body));
    };
    xhr.onerror = () => reject(new HttpError("Falha de rede", 0));
    xhr.onabort = () => reject(new HttpError("Envio cancelado.", 0));
    opts.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
