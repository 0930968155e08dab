/**
 * A loopback fake website for crawler, training and safe-fetch tests: configurable pages, redirects,
 * sitemap.xml, robots.txt, any content type, slow and huge (streamed, no Content-Length) bodies,
 * optional HTTPS with a test CA for the name site.test. Records every request it receives.
 * safeFetch refuses loopback unless the test allow-lists `site.host` (setSafeFetchTestAllowlist).
 */
export type FakePage = {
  status?: number;
  /** Default text/html; charset=utf-8 for string bodies, application/octet-stream for bytes. */
  contentType?: string;
  body?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** Answer a redirect (status default 302) to this Location. */
  redirect?: string;
  /** Wait before sending the status line, ms. */
  delayMs?: number;
  /** A generated body of this many bytes ("a" repeated) instead of `body`. */
  size?: number;
  /** Stream the body in 64 KB chunks without Content-Length (with `size`), `chunkDelayMs` apart. */
  chunked?: boolean;
  chunkDelayMs?: number;
  /** Full control: build the response yourself. */
  handler?: (req: Request) => Response | Promise<Response>;
};

export type SiteRequest = { method: string; path: string; headers: Record<string, string>; body: string };

export type FakeSite = {
  /** Origin, e.g. "http://127.0.0.1:41234" (or "https://site.test:41234" with tls). */
  url: string;
  /** "127.0.0.1:41234": the entry to allow-list in safe-fetch. */
  host: string;
  hostname: string;
  port: number;
  requests: SiteRequest[];
  /** Requests whose path (with query) equals or starts with `prefix`. */
  hits(prefix?: string): SiteRequest[];
  /** Bytes of chunked (`chunked: true`) bodies handed to the socket so far: shows a client stopped early. */
  streamedBytes(): number;
  page(path: string, page: FakePage | string): void;
  remove(path: string): void;
  stop(): Promise<void>;
};

export type FakeSiteOptions = {
  /** Default 127.0.0.1. */
  hostname?: string;
  /** Default 0 (any free port). */
  port?: number;
  pages?: Record<string, FakePage | string>;
  /** Serve HTTPS with a certificate for site.test and *.site.test signed by FAKE_SITE_CA. */
  tls?: boolean;
};

/** CA that signed the fake site's certificate (valid 2025–2125). Hand it to safe-fetch's test hooks. */
export const FAKE_SITE_CA = `-----BEGIN CERTIFICATE-----
MIIBfjCCASSgAwIBAgICEAAwCgYIKoZIzj0EAwIwJTEjMCEGA1UEAwwaQXRlbmRh
IFRlc3QgQ0EgKGZha2Ugc2l0ZSkwIBcNMjUwMTAxMDAwMDAwWhgPMjEyNTAxMDEw
MDAwMDBaMCUxIzAhBgNVBAMMGkF0ZW5kYSBUZXN0IENBIChmYWtlIHNpdGUpMFkw
EwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEd+1ah7JH6y4Jp1PeZ8g3nMRub33dV94k
Air2u5g1u0HWzc6n2rUfuWhNJexfWVU+4rFEe0htQcAekWqpaAsffKNCMEAwDwYD
VR0TAQH/BAUwAwEB/zAOBgNVHQ8BAf8EBAMCAQYwHQYDVR0OBBYEFLH2rSbiQrTs
2KU76kD6MOlIyJuHMAoGCCqGSM49BAMCA0gAMEUCIQCJfYX31ukQ7k8egiFcDnfD
AGKSQNrz6dLheb9Ig0PW1wIgQmGRzVyIgVgrWRqxCgeY+mWCYquun1LslGDzPHjX
y4Q=
-----END CERTIFICATE-----
`;

const SITE_CERT = `-----BEGIN CERTIFICATE-----
MIIBsjCCAVigAwIBAgICEAEwCgYIKoZIzj0EAwIwJTEjMCEGA1UEAwwaQXRlbmRh
IFRlc3QgQ0EgKGZha2Ugc2l0ZSkwIBcNMjUwMTAxMDAwMDAwWhgPMjEyNTAxMDEw
MDAwMDBaMBQxEjAQBgNVBAMMCXNpdGUudGVzdDBZMBMGByqGSM49AgEGCCqGSM49
AwEHA0IABPgC8giXwtYp1jrgSDhDvGc4m7df6WsE3hMmsj8I0MRuey6BpZiJnOkD
mB7xifajMJ0AZi7biEsOgSV/aPIZCuujgYYwgYMwIQYDVR0RBBowGIIJc2l0ZS50
ZXN0ggsqLnNpdGUudGVzdDAJBgNVHRMEAjAAMBMGA1UdJQQMMAoGCCsGAQUFBwMB
MB8GA1UdIwQYMBaAFLH2rSbiQrTs2KU76kD6MOlIyJuHMB0GA1UdDgQWBBQdjuBE
lOD025tXPGYbfk8NYLRfvTAKBggqhkjOPQQDAgNIADBFAiAKIGFeLVZ9+mG1K7kP
9sdayVovFlLAuwOKTKATNXHFXwIhAJA9XQF6M60PkRfm88EyztbHbdWFB3FCaSO3
ryASvKni
-----END CERTIFICATE-----
`;

// A throwaway key for a test-only certificate; it protects nothing.
const SITE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgtYDq/Wwwh4Wmrg/1
Y1BWtNmoRyi8c9npCKjhVXt+PHGhRANCAAT4AvIIl8LWKdY64Eg4Q7xnOJu3X+lr
BN4TJrI/CNDEbnsugaWYiZzpA5ge8Yn2ozCdAGYu24hLDoElf2jyGQrr
-----END PRIVATE KEY-----
`;

const CHUNK = 64 * 1024;

function generated(size: number, chunked: boolean, delayMs: number, onChunk: (n: number) => void): BodyInit {
  if (!chunked) return new Uint8Array(size).fill(0x61);
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent >= size) return controller.close();
      if (delayMs) await Bun.sleep(delayMs);
      const n = Math.min(CHUNK, size - sent);
      sent += n;
      onChunk(n);
      controller.enqueue(new Uint8Array(n).fill(0x61));
    },
  });
}

async function respond(page: FakePage, req: Request, onChunk: (n: number) => void): Promise<Response> {
  if (page.delayMs) await Bun.sleep(page.delayMs);
  if (page.handler) return page.handler(req);
  if (page.redirect !== undefined) {
    return new Response(null, { status: page.status ?? 302, headers: { location: page.redirect, ...page.headers } });
  }
  const isBytes = page.body instanceof Uint8Array || page.size !== undefined;
  const headers = new Headers(page.headers);
  headers.set("content-type", page.contentType ?? (isBytes ? "application/octet-stream" : "text/html; charset=utf-8"));
  const body = page.size !== undefined ? generated(page.size, page.chunked ?? false, page.chunkDelayMs ?? 0, onChunk) : (page.body ?? "");
  return new Response(body, { status: page.status ?? 200, headers });
}

export async function startFakeSite(opts: FakeSiteOptions = {}): Promise<FakeSite> {
  const pages = new Map<string, FakePage>();
  const requests: SiteRequest[] = [];
  let streamed = 0;
  const set = (path: string, page: FakePage | string) => pages.set(path, typeof page === "string" ? { body: page } : page);
  for (const [path, page] of Object.entries(opts.pages ?? {})) set(path, page);

  const hostname = opts.hostname ?? "127.0.0.1";
  const server = Bun.serve({
    hostname,
    port: opts.port ?? 0,
    ...(opts.tls ? { tls: { cert: SITE_CERT, key: SITE_KEY } } : {}),
    async fetch(req) {
      const u = new URL(req.url);
      const path = u.pathname + u.search;
      requests.push({ method: req.method, path, headers: Object.fromEntries(req.headers), body: await req.text() });
      const page = pages.get(path) ?? pages.get(u.pathname);
      if (!page) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
      return respond(page, req, (n) => {
        streamed += n;
      });
    },
  });
  const port = server.port ?? 0;
  const hostPart = hostname.includes(":") ? `[${hostname}]` : hostname;
  return {
    url: opts.tls ? `https://site.test:${port}` : `http://${hostPart}:${port}`,
    host: `${hostPart}:${port}`,
    hostname,
    port,
    requests,
    streamedBytes: () => streamed,
    hits: (prefix = "") => requests.filter((r) => r.path.startsWith(prefix)),
    page: set,
    remove: (path) => void pages.delete(path),
    stop: async () => {
      await server.stop(true);
    },
  };
}

// ---- content helpers ----------------------------------------------------------------------------

export function htmlPage(title: string, body: string, links: string[] = []): string {
  const anchors = links.map((l) => `<a href="${l}">${l}</a>`).join("\n");
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}\n${anchors}</body></html>`;
}

export function sitemapXml(urls: string[]): string {
  const items = urls.map((u) => `  <url><loc>${u}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</urlset>\n`;
}

/** A minimal one-page PDF that shows `text` (ASCII), with a correct xref table. */
export function minimalPdf(text: string): Uint8Array<ArrayBuffer> {
  const safe = text.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 12 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
