/**
 * safe-fetch (DESIGN §6, decision 003): SSRF corpus, redirects to private targets, DNS rebinding,
 * HTTPS pinned to the vetted IP, size/time/content-type caps, robots.txt. Loopback fakes only:
 * `site` and `other` are allow-listed; `priv` (127.0.0.1) and `priv2` (127.0.0.2, same port as
 * `site`) play the private network and must never receive a request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { blockedAddressReason } from "../src/lib/net/ip";
import { parseRobots, robotsAllows } from "../src/lib/net/robots";
import {
  clearRobotsCache,
  isAllowedByRobots,
  type Resolver,
  SafeFetchError,
  type SafeFetchErrorCode,
  safeFetch,
  setSafeFetchTestAllowlist,
  setSafeFetchTestHooks,
} from "../src/lib/safe-fetch";
import { FAKE_SITE_CA, type FakeSite, htmlPage, minimalPdf, sitemapXml, startFakeSite } from "./fakes/site";

let site: FakeSite;
let other: FakeSite;
let tlsSite: FakeSite;
let priv: FakeSite;
let priv2: FakeSite;
let Q = 0; // the private server's port

/** The attacker's DNS: names an outside user could register, pointing wherever they like. */
const fakeDns: Record<string, string[]> = {
  "evil.example": ["127.0.0.1"],
  "mixed.example": ["93.184.215.14", "10.0.0.5"],
  "mapped.example": ["::ffff:127.0.0.1"],
  "meta.example": ["169.254.169.254"],
  "ula.example": ["fd00::1"],
  "site.test": ["127.0.0.1"],
  "www.site.test": ["127.0.0.1"],
  "other.test": ["127.0.0.1"],
};
const dnsResolver: Resolver = async (name) => {
  const hit = fakeDns[name.replace(/\.$/, "")];
  if (!hit) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  return hit.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

async function refusal(url: string, opts?: Parameters<typeof safeFetch>[1]): Promise<SafeFetchError> {
  try {
    const res = await safeFetch(url, opts);
    throw new Error(`not refused: ${url} → ${res.status}`);
  } catch (e) {
    if (e instanceof SafeFetchError) return e;
    throw e;
  }
}

beforeAll(async () => {
  site = await startFakeSite();
  other = await startFakeSite();
  tlsSite = await startFakeSite({ tls: true });
  priv = await startFakeSite({ pages: { "/secret": "segredo" } });
  priv2 = await startFakeSite({ hostname: "127.0.0.2", port: site.port, pages: { "/secret": "segredo" } });
  Q = priv.port;
  setSafeFetchTestAllowlist([site.host, other.host, `127.0.0.1:${tlsSite.port}`]);
  setSafeFetchTestHooks({ resolver: dnsResolver, ca: FAKE_SITE_CA });
});

afterAll(async () => {
  expect(priv.requests).toHaveLength(0);
  expect(priv2.requests).toHaveLength(0);
  setSafeFetchTestAllowlist(null);
  setSafeFetchTestHooks(null);
  await Promise.all([site, other, tlsSite, priv, priv2].map((s) => s.stop()));
});

describe("SSRF corpus: every URL refused before any connection", () => {
  const blockedUrls = () => [
    // loopback in every encoding
    `http://127.0.0.1:${Q}/secret`,
    `http://127.1:${Q}/secret`,
    `http://127.0.1:${Q}/secret`,
    `http://2130706433:${Q}/secret`,
    `http://0177.0.0.1:${Q}/secret`,
    `http://0x7f.0.0.1:${Q}/secret`,
    `http://0x7f000001:${Q}/secret`,
    `http://017700000001:${Q}/secret`,
    `http://0x7f.1:${Q}/secret`,
    `http://127.255.255.254:${Q}/secret`,
    `http://%31%32%37.0.0.1:${Q}/secret`,
    `http://127。0。0。1:${Q}/secret`,
    `http://①②⑦.0.0.1:${Q}/secret`,
    `http://localhost:${Q}/secret`,
    `http://localhost.:${Q}/secret`,
    `http://LOCALHOST:${Q}/secret`,
    `http://api.localhost:${Q}/secret`,
    `http://0.0.0.0:${Q}/secret`,
    `http://0:${Q}/secret`,
    // IPv6 forms
    `http://[::1]:${Q}/secret`,
    `http://[0:0:0:0:0:0:0:1]:${Q}/secret`,
    `http://[::]:${Q}/secret`,
    `http://[::ffff:127.0.0.1]:${Q}/secret`,
    `http://[::ffff:7f00:1]:${Q}/secret`,
    `http://[::ffff:0:7f00:1]:${Q}/secret`,
    `http://[::127.0.0.1]:${Q}/secret`,
    `http://[64:ff9b::127.0.0.1]:${Q}/secret`,
    "http://[64:ff9b::a00:1]/",
    `http://[2002:7f00:1::]:${Q}/secret`,
    "http://[2002:c0a8:101::1]/",
    "http://[fc00::1]/",
    "http://[fd12:3456:789a::1]/",
    "http://[fe80::1]/",
    "http://[ff02::1]/",
    "http://[2001:db8::1]/",
    // private, CGNAT, reserved, documentation, benchmarking, multicast, broadcast
    "http://10.0.0.1/",
    "http://10.255.255.255/",
    "http://172.16.0.1/",
    "http://172.31.255.254/",
    "http://192.168.0.1/",
    "http://192.168.1.1:8080/admin",
    "http://100.64.0.1/",
    "http://100.127.255.254/",
    "http://198.18.0.1/",
    "http://198.19.255.1/",
    "http://192.0.2.1/",
    "http://203.0.113.5/",
    "http://224.0.0.1/",
    "http://240.0.0.1/",
    "http://255.255.255.255/",
    // link-local and cloud metadata, by address and by name
    "http://169.254.169.254/latest/meta-data/",
    "http://169.254.1.1/",
    "http://2852039166/latest/meta-data/",
    "http://0xa9fea9fe/latest/meta-data/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://[::ffff:169.254.169.254]/",
    "http://100.100.100.200/latest/meta-data/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://metadata.google.internal./computeMetadata/v1/",
    "http://metadata/computeMetadata/v1/",
    "http://instance-data/latest/",
    "http://printer.local/",
    // names an attacker controls, resolving to private addresses (any bad record refuses)
    `http://evil.example:${Q}/secret`,
    "http://mixed.example/",
    `http://mapped.example:${Q}/secret`,
    "http://meta.example/latest/meta-data/",
    "http://ula.example/",
  ];
  const schemeUrls = [
    "file:///etc/passwd",
    "gopher://127.0.0.1:6379/_INFO",
    "ftp://example.com/file.txt",
    "data:text/html,<script>alert(1)</script>",
    "javascript:alert(1)",
    "dict://127.0.0.1:11211/stat",
    "ws://example.com/socket",
  ];
  const badUrls = () => [
    "http://user:pass@example.com/",
    "https://user@example.com/",
    `http://example.com@127.0.0.1:${Q}/secret`,
    "not a url",
    "http://",
    "http://[fe80::1%25eth0]/",
  ];

  test("at least 40 URLs in the corpus", () => {
    expect(blockedUrls().length + schemeUrls.length + badUrls().length).toBeGreaterThanOrEqual(40);
  });

  test("private, loopback, link-local and metadata targets → BLOCKED_ADDRESS", async () => {
    for (const url of blockedUrls()) {
      const e = await refusal(url);
      expect({ url, code: e.code }).toEqual({ url, code: "BLOCKED_ADDRESS" });
    }
    const e = await refusal("http://10.0.0.1/");
    expect(e.message).toBe("Endereço não permitido: o site aponta para uma rede privada.");
  });

  test("other schemes → BAD_SCHEME", async () => {
    for (const url of schemeUrls) expect({ url, code: (await refusal(url)).code }).toEqual({ url, code: "BAD_SCHEME" });
  });

  test("credentials and malformed URLs → BAD_URL", async () => {
    for (const url of badUrls()) expect({ url, code: (await refusal(url)).code }).toEqual({ url, code: "BAD_URL" });
    expect((await refusal("http://user:pass@example.com/")).message).toContain("usuário e senha");
  });

  test("public addresses are not over-blocked", () => {
    for (const ip of ["8.8.8.8", "1.1.1.1", "93.184.215.14", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"]) {
      expect({ ip, reason: blockedAddressReason(ip) }).toEqual({ ip, reason: null });
    }
  });
});

describe("redirects are re-vetted on every hop", () => {
  test("redirects from the allow-listed site to private targets are refused, nothing reaches them", async () => {
    const targets: [string, SafeFetchErrorCode][] = [
      [`http://127.0.0.1:${Q}/secret`, "BLOCKED_ADDRESS"],
      [`http://2130706433:${Q}/secret`, "BLOCKED_ADDRESS"],
      [`http://0x7f.1:${Q}/secret`, "BLOCKED_ADDRESS"],
      [`http://localhost.:${Q}/secret`, "BLOCKED_ADDRESS"],
      [`http://[::ffff:127.0.0.1]:${Q}/secret`, "BLOCKED_ADDRESS"],
      [`http://evil.example:${Q}/secret`, "BLOCKED_ADDRESS"],
      [`http://127.0.0.2:${site.port}/secret`, "BLOCKED_ADDRESS"],
      ["http://169.254.169.254/latest/meta-data/", "BLOCKED_ADDRESS"],
      ["http://metadata.google.internal/computeMetadata/v1/", "BLOCKED_ADDRESS"],
      ["file:///etc/passwd", "BAD_SCHEME"],
      ["gopher://127.0.0.1:6379/_INFO", "BAD_SCHEME"],
    ];
    for (const [i, [target, code]] of targets.entries()) {
      site.page(`/go/${i}`, { redirect: target, status: [301, 302, 303, 307, 308][i % 5] });
      const e = await refusal(`${site.url}/go/${i}`);
      expect({ target, code: e.code }).toEqual({ target, code });
      expect(site.hits(`/go/${i}`)).toHaveLength(1);
    }
    expect(priv.requests).toHaveLength(0);
    expect(priv2.requests).toHaveLength(0);
  });

  test("a chain that starts on the site and ends on a private address is refused at the last hop", async () => {
    site.page("/chain/1", { redirect: "/chain/2", status: 301 });
    site.page("/chain/2", { redirect: `${other.url}/chain/3`, status: 307 });
    other.page("/chain/3", { redirect: `http://[::ffff:7f00:1]:${Q}/secret` });
    expect((await refusal(`${site.url}/chain/1`)).code).toBe("BLOCKED_ADDRESS");
    expect(other.hits("/chain/3")).toHaveLength(1);
    expect(priv.requests).toHaveLength(0);
  });

  test("too many redirects", async () => {
    site.page("/loop", { redirect: "/loop" });
    const e = await refusal(`${site.url}/loop`, { maxRedirects: 2 });
    expect(e.code).toBe("TOO_MANY_REDIRECTS");
    expect(e.message).toBe("O site redirecionou vezes demais.");
    expect(site.hits("/loop")).toHaveLength(3);
  });

  test("303 turns a POST into a GET; 307 keeps it; credentials are dropped across origins", async () => {
    site.page("/form", { redirect: "/done", status: 303 });
    site.page("/done", "ok");
    site.page("/keep", { redirect: `${other.url}/kept`, status: 307 });
    other.page("/kept", "ok");
    const a = await safeFetch(`${site.url}/form`, { method: "POST", body: "x=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(a.url).toBe(`${site.url}/done`);
    expect(site.hits("/done").at(-1)).toMatchObject({ method: "GET", body: "" });
    await safeFetch(`${site.url}/keep`, { method: "POST", body: "y=2", headers: { authorization: "Bearer s3cret", cookie: "a=b" } });
    const kept = other.hits("/kept").at(-1);
    expect(kept).toMatchObject({ method: "POST", body: "y=2" });
    expect(kept?.headers.authorization).toBeUndefined();
    expect(kept?.headers.cookie).toBeUndefined();
  });
});

describe("DNS rebinding: the vetted address is the address connected to", () => {
  // rebind.example has no real DNS record: a request that reached the fake at all was sent to the IP we vetted.
  test("deterministic: the request lands on the vetted IP even when the name would now resolve elsewhere", async () => {
    let calls = 0;
    // 127.0.0.1:PORT stands for the public site (allow-listed); 127.0.0.2:PORT is the private target.
    const rebinding: Resolver = async () => [{ address: ++calls === 1 ? "127.0.0.1" : "127.0.0.2", family: 4 }];
    site.page("/pinned", "público");
    const res = await safeFetch(`http://rebind.example:${site.port}/pinned`, { resolver: rebinding });
    expect(res.text()).toBe("público");
    expect(calls).toBe(1);
    expect(site.hits("/pinned")[0]?.headers.host).toBe(`rebind.example:${site.port}`);
    expect(priv2.requests).toHaveLength(0);
  });

  test("a redirect back to the same name is resolved and vetted again", async () => {
    let calls = 0;
    const rebinding: Resolver = async () => [{ address: ++calls === 1 ? "127.0.0.1" : "127.0.0.2", family: 4 }];
    site.page("/hop", { redirect: `http://rebind.example:${site.port}/secret` });
    const e = await refusal(`http://rebind.example:${site.port}/hop`, { resolver: rebinding });
    expect(e.code).toBe("BLOCKED_ADDRESS");
    expect(calls).toBe(2);
    expect(priv2.requests).toHaveLength(0);
  });

  test("HTTPS pinned to the IP still sends SNI and checks the certificate against the name", async () => {
    tlsSite.page("/", htmlPage("Seguro", "<p>tls ok</p>"));
    const ok = await safeFetch(`https://site.test:${tlsSite.port}/`);
    expect(ok.text()).toContain("tls ok");
    expect(tlsSite.requests.at(-1)?.headers.host).toBe(`site.test:${tlsSite.port}`);
    expect((await safeFetch(`https://www.site.test:${tlsSite.port}/`)).status).toBe(200);
    // Same IP, but a name the certificate does not cover: refused, so validation is by name, not by IP.
    const bad = await refusal(`https://other.test:${tlsSite.port}/`);
    expect(bad.code).toBe("NETWORK");
    expect(bad.message).toBe("Não foi possível estabelecer uma conexão segura com o site.");
    const byIp = await refusal(`https://127.0.0.1:${tlsSite.port}/`);
    expect(byIp.code).toBe("NETWORK");
    // Without the test CA the chain does not verify: certificate checking is on.
    setSafeFetchTestHooks({ resolver: dnsResolver });
    try {
      expect((await refusal(`https://site.test:${tlsSite.port}/`)).message).toBe("Não foi possível estabelecer uma conexão segura com o site.");
    } finally {
      setSafeFetchTestHooks({ resolver: dnsResolver, ca: FAKE_SITE_CA });
    }
  });

  test("IPv6 addresses are pinned too, and a dead address falls back to the next vetted one", async () => {
    let six: FakeSite;
    try {
      six = await startFakeSite({ hostname: "::1", pages: { "/v6": "seis" } });
    } catch {
      return; // no IPv6 loopback on this machine
    }
    try {
      setSafeFetchTestAllowlist([site.host, other.host, six.host, `[::1]:${site.port}`]);
      const v6only: Resolver = async () => [{ address: "::1", family: 6 }];
      const res = await safeFetch(`http://six.example:${six.port}/v6`, { resolver: v6only });
      expect(res.text()).toBe("seis");
      expect(six.requests.at(-1)?.headers.host).toBe(`six.example:${six.port}`);
      // [::1]:site.port has no listener: the request moves on to 127.0.0.1, which also passed vetting.
      site.page("/fallback", "ok");
      const both: Resolver = async () => [
        { address: "::1", family: 6 },
        { address: "127.0.0.1", family: 4 },
      ];
      expect((await safeFetch(`http://dual.example:${site.port}/fallback`, { resolver: both })).text()).toBe("ok");
    } finally {
      setSafeFetchTestAllowlist([site.host, other.host, `127.0.0.1:${tlsSite.port}`]);
      await six.stop();
    }
  });
});

describe("caps", () => {
  test("Content-Length over the cap is refused without reading", async () => {
    site.page("/huge", { size: 10 * 1024 * 1024 + 1, contentType: "application/pdf" });
    const e = await refusal(`${site.url}/huge`);
    expect(e.code).toBe("TOO_LARGE");
    expect(e.message).toBe("O arquivo excede o tamanho máximo de 10 MB.");
  });

  test("a chunked body without length is cut as soon as it crosses the cap", async () => {
    site.page("/stream", { size: 200 * 1024 * 1024, chunked: true });
    const before = site.streamedBytes();
    const e = await refusal(`${site.url}/stream`, { maxBytes: 256 * 1024 });
    expect(e.code).toBe("TOO_LARGE");
    expect(e.message).toBe("O arquivo excede o tamanho máximo de 256 KB.");
    await Bun.sleep(50);
    expect(site.streamedBytes() - before).toBeLessThan(20 * 1024 * 1024);
  });

  test("the cap counts decompressed bytes (a small gzip bomb is cut)", async () => {
    const gz = Bun.gzipSync(new Uint8Array(50 * 1024 * 1024));
    site.page("/bomb", { body: gz, contentType: "text/plain", headers: { "content-encoding": "gzip" } });
    const e = await refusal(`${site.url}/bomb`, { maxBytes: 1024 * 1024 });
    expect(e.message).toBe("O arquivo excede o tamanho máximo de 1 MB.");
  });

  test("time cap on a slow first byte and on a slow body", async () => {
    site.page("/slow", { delayMs: 3_000, body: "tarde" });
    site.page("/drip", { size: 1024 * 1024, chunked: true, chunkDelayMs: 100 });
    const t0 = Date.now();
    const a = await refusal(`${site.url}/slow`, { timeoutMs: 200 });
    const b = await refusal(`${site.url}/drip`, { timeoutMs: 250 });
    expect([a.code, b.code]).toEqual(["TIMEOUT", "TIMEOUT"]);
    expect(a.message).toBe("Tempo esgotado ao acessar o site.");
    expect(Date.now() - t0).toBeLessThan(1_500);
  });

  test("content type outside the allow-list is refused", async () => {
    site.page("/page.html", htmlPage("Olá", "<p>oi</p>"));
    const e = await refusal(`${site.url}/page.html`, { allowedContentTypes: ["application/pdf"] });
    expect(e.code).toBe("BAD_CONTENT_TYPE");
    expect(e.message).toBe("Tipo de conteúdo não suportado: text/html.");
  });

  test("HTTP errors carry the status", async () => {
    const e = await refusal(`${site.url}/missing`);
    expect(e).toMatchObject({ code: "HTTP", status: 404 });
  });
});

describe("normal fetches of the allow-listed site", () => {
  test("HTML, sitemap.xml and PDF bytes", async () => {
    site.page("/", htmlPage("Padaria Pão Quente", "<p>Horário: 7h às 19h, pão de queijo e café.</p>", ["/contato"]));
    site.page("/sitemap.xml", { body: sitemapXml([`${site.url}/`, `${site.url}/contato`]), contentType: "application/xml" });
    const pdf = minimalPdf("Cardapio da padaria");
    site.page("/cardapio.pdf", { body: pdf, contentType: "application/pdf" });
    const types = ["text/html", "application/pdf", "application/xml"];

    const html = await safeFetch(`${site.url}/`, { allowedContentTypes: types });
    expect(html).toMatchObject({ status: 200, contentType: "text/html", url: `${site.url}/` });
    expect(html.text()).toContain("pão de queijo e café");
    expect(site.hits("/").at(-1)?.headers["user-agent"]).toContain("AtendaBot");

    const sm = await safeFetch(`${site.url}/sitemap.xml`, { allowedContentTypes: types });
    expect(sm.text()).toContain(`<loc>${site.url}/contato</loc>`);

    const file = await safeFetch(`${site.url}/cardapio.pdf`, { allowedContentTypes: types });
    expect(file.contentType).toBe("application/pdf");
    expect(file.body).toEqual(pdf);
    expect(new TextDecoder().decode(file.body.subarray(0, 8))).toBe("%PDF-1.4");
  });

  test("ATENDA_SAFE_FETCH_ALLOW also allow-lists (for Bun Workers); without it loopback is refused", async () => {
    other.page("/env", "via env");
    setSafeFetchTestAllowlist(null);
    process.env.ATENDA_SAFE_FETCH_ALLOW = `10.9.9.9:1, ${other.host}`;
    try {
      expect((await safeFetch(`${other.url}/env`)).text()).toBe("via env");
      delete process.env.ATENDA_SAFE_FETCH_ALLOW;
      expect((await refusal(`${other.url}/env`)).code).toBe("BLOCKED_ADDRESS");
    } finally {
      delete process.env.ATENDA_SAFE_FETCH_ALLOW;
      setSafeFetchTestAllowlist([site.host, other.host, `127.0.0.1:${tlsSite.port}`]);
    }
  });

  test("outside NODE_ENV=test the allow-list and hooks are ignored", async () => {
    process.env.NODE_ENV = "production";
    try {
      expect((await refusal(`${site.url}/`)).code).toBe("BLOCKED_ADDRESS");
      expect(() => setSafeFetchTestAllowlist([site.host])).toThrow();
    } finally {
      process.env.NODE_ENV = "test";
    }
  });

  test("decodes a Latin-1 page by its charset", async () => {
    site.page("/latin1", { body: new Uint8Array([0x61, 0xe7, 0xe3, 0x6f]), contentType: "text/plain; charset=iso-8859-1" });
    expect((await safeFetch(`${site.url}/latin1`)).text()).toBe("ação");
  });
});

describe("robots.txt", () => {
  const robots = parseRobots(`# comentário
User-agent: *
Disallow: /private/
Allow: /private/public-page
Disallow: /*.pdf$
Disallow: /search?q=

User-agent: OtherBot
User-agent: AtendaBot
Disallow: /no-atenda/
Allow: /p
Disallow: /page
Allow: /tie
Disallow: /tie
`);

  test("groups, longest match, wildcards and ties", () => {
    const a = (ua: string, path: string) => robotsAllows(robots, ua, path);
    expect(a("AtendaBot", "/no-atenda/x")).toBe(false);
    expect(a("atendabot/2.0", "/no-atenda/x")).toBe(false);
    expect(a("AtendaBot", "/private/x")).toBe(true); // its own group replaces "*"
    expect(a("AtendaBot", "/page1")).toBe(false); // "/page" is longer than "/p"
    expect(a("AtendaBot", "/px")).toBe(true);
    expect(a("AtendaBot", "/tie")).toBe(true); // equal length: Allow wins
    expect(a("OtherBot", "/no-atenda/")).toBe(false);
    expect(a("RandomBot", "/private/x")).toBe(false);
    expect(a("RandomBot", "/private/public-page")).toBe(true);
    expect(a("RandomBot", "/docs/menu.pdf")).toBe(false);
    expect(a("RandomBot", "/docs/menu.pdf?v=2")).toBe(true);
    expect(a("RandomBot", "/search?q=pão")).toBe(false);
    expect(a("RandomBot", "/robots.txt")).toBe(true);
    expect(a("RandomBot", "/")).toBe(true);
  });

  beforeEach(() => clearRobotsCache());

  test("fetched through safeFetch and cached per origin", async () => {
    site.page("/robots.txt", { body: "User-agent: AtendaBot\nDisallow: /admin\n", contentType: "text/plain" });
    const before = site.hits("/robots.txt").length;
    expect(await isAllowedByRobots(`${site.url}/admin/x`)).toBe(false);
    expect(await isAllowedByRobots(`${site.url}/produtos`)).toBe(true);
    expect(await isAllowedByRobots(`${site.url}/admin`, "OutroBot")).toBe(true);
    expect(site.hits("/robots.txt").length - before).toBe(1);
  });

  test("missing or 4xx robots allows; 5xx raises the fetch error (retried later, not cached)", async () => {
    site.remove("/robots.txt");
    expect(await isAllowedByRobots(`${site.url}/qualquer`)).toBe(true);
    clearRobotsCache();
    site.page("/robots.txt", { status: 403, body: "não" });
    expect(await isAllowedByRobots(`${site.url}/qualquer`)).toBe(true);
    clearRobotsCache();
    site.page("/robots.txt", { status: 503, body: "fora do ar" });
    const e = await isAllowedByRobots(`${site.url}/qualquer`).catch((err: SafeFetchError) => err);
    expect(e).toBeInstanceOf(SafeFetchError);
    expect((e as SafeFetchError).status).toBe(503);
    site.remove("/robots.txt");
    expect(await isAllowedByRobots(`${site.url}/qualquer`)).toBe(true);
  });

  test("a private origin is refused, not treated as 'no robots'", async () => {
    const e = await isAllowedByRobots(`http://127.0.0.1:${Q}/x`).catch((err: SafeFetchError) => err);
    expect(e).toBeInstanceOf(SafeFetchError);
    expect((e as SafeFetchError).code).toBe("BLOCKED_ADDRESS");
    expect(priv.requests).toHaveLength(0);
  });
});
