/**
 * A raw-body upload with progress (issue 19: academy videos and materials, recordings): XHR, because
 * fetch reports no upload progress. Sends the CSRF header and the file's name (X-File-Name, URI-encoded);
 * resolves with the JSON answer's `data`, rejects with an HttpError carrying the server's message.
 */
import { HttpError, csrfHeaders, extractErrorMessage } from "./http";

export type UploadOptions = {
  fileName: string;
  /** 0–1 as bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Extra headers, e.g. X-Duration-Seconds for a recording whose container has no duration. */
  headers?: Record<string, string>;
};

export function uploadWithProgress<T>(url: string, body: Blob, opts: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    const headers: Record<string, string> = {
      ...csrfHeaders(),
      "Content-Type": body.type || "application/octet-stream",
      "X-File-Name": encodeURIComponent(opts.fileName),
      ...opts.headers,
    };
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        parsed = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        resolve((parsed && typeof parsed === "object" && "data" in parsed ? (parsed as { data: T }).data : parsed) as T);
        return;
      }
      reject(new HttpError(extractErrorMessage(xhr.responseText, parsed, xhr.statusText), xhr.status, parsed));
    };
    xhr.onerror = () => reject(new HttpError("Falha de rede ao enviar o arquivo.", 0));
    xhr.onabort = () => reject(new HttpError("Envio cancelado.", 0));
    opts.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
