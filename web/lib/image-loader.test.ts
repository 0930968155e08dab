import { describe, expect, test } from "bun:test";
import { IMAGE_ERRORS } from "../../src/schemas/image-errors";
import { CIRCUIT_OPEN_MESSAGE, type ImageLoaderDeps, createImageLoader, imageErrorMessage, normalizeImageError } from "./image-loader";

/** A hand-driven clock: timers fire only when the test advances time. */
function harness(answer: (url: string, call: number) => Response | Promise<Response> | Error) {
  let now = 1_000_000;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void; every: number | null }>();
  const calls: { url: string; init: RequestInit }[] = [];
  const revoked: string[] = [];
  const warnings: string[] = [];
  let blobs = 0;
  const asTimer = (id: number) => id as unknown as ReturnType<typeof setTimeout>;
  const deps: ImageLoaderDeps = {
    now: () => now,
    fetch: async (url, init) => {
      calls.push({ url, init });
      const out = await answer(url, calls.length);
      if (out instanceof Error) throw out;
      return out;
    },
    setTimeout: (fn, ms) => {
      timers.set(nextId, { at: now + ms, fn, every: null });
      return asTimer(nextId++);
    },
    clearTimeout: (t) => void timers.delete(t as unknown as number),
    setInterval: (fn, ms) => {
      timers.set(nextId, { at: now + ms, fn, every: ms });
      return asTimer(nextId++);
    },
    clearInterval: (t) => void timers.delete(t as unknown as number),
    createObjectURL: () => `blob:imagem-${++blobs}`,
    revokeObjectURL: (u) => void revoked.push(u),
    warn: (m) => void warnings.push(m),
  };
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  /** Moves the clock forward, firing due timers in order and letting promises settle between them. */
  async function advance(ms: number) {
    const end = now + ms;
    await settle();
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, t] = due;
      now = t.at;
      if (t.every) t.at += t.every;
      else timers.delete(id);
      t.fn();
      await settle();
    }
    now = end;
    await settle();
  }
  const loader = createImageLoader(deps);
  return { loader, calls, revoked, warnings, advance, minutes: (m: number) => advance(m * 60_000) };
}

const png = () => new Response(new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), { status: 200 });
const status = (code: number, text: string) => new Response("{}", { status: code, statusText: text });

describe("image loader", () => {
  test("subscribers of one URL share one debounced load and see loading then loaded", async () => {
    const h = harness(() => png());
    const seen: string[] = [];
    h.loader.subscribe("/api/v1/files/a", () => seen.push(h.loader.get("/api/v1/files/a").status));
    h.loader.subscribe("/api/v1/files/a", () => {});
    expect(h.loader.get("/api/v1/files/a").status).toBe("loading");
    await h.advance(199);
    expect(h.calls.length).toBe(0);
    await h.advance(1);
    expect(h.calls.length).toBe(1);
    expect(h.calls[0]?.init.credentials).toBe("include");
    expect(new Headers(h.calls[0]?.init.headers).get("accept")).toBe("image/*");
    expect(h.loader.get("/api/v1/files/a")).toEqual({ status: "loaded", objectUrl: "blob:imagem-1" });
    expect(seen.at(-1)).toBe("loaded");
    // A later viewer reuses the loaded bytes.
    h.loader.subscribe("/api/v1/files/a", () => {});
    await h.advance(1000);
    expect(h.calls.length).toBe(1);
  });

  test("a server error is retried 3 times 1000 ms apart, then shows 'Erro {status}: {statusText}'", async () => {
    const h = harness(() => status(503, "Service Unavailable"));
    h.loader.subscribe("/x", () => {});
    await h.advance(200);
    expect(h.calls.length).toBe(1);
    await h.advance(999);
    expect(h.calls.length).toBe(1);
    await h.advance(1);
    expect(h.calls.length).toBe(2);
    await h.advance(2000);
    expect(h.calls.length).toBe(4);
    await h.advance(5000);
    expect(h.calls.length).toBe(4);
    expect(h.loader.get("/x")).toEqual({ status: "error", message: "Erro 503: Service Unavailable", httpStatus: 503 });
  });

  test("a retry that succeeds shows the image", async () => {
    const h = harness((_, n) => (n < 3 ? new TypeError("Failed to fetch") : png()));
    h.loader.subscribe("/y", () => {});
    await h.advance(200 + 2000);
    expect(h.calls.length).toBe(3);
    expect(h.loader.get("/y").status).toBe("loaded");
  });

  test("401, 403 and 404 are not retried and show SPEC §8's messages", async () => {
    const h = harness((url) => (url.endsWith("401") ? status(401, "Unauthorized") : url.endsWith("403") ? status(403, "Forbidden") : status(404, "Not Found")));
    for (const code of ["401", "403", "404"]) h.loader.subscribe(`/img/${code}`, () => {});
    await h.advance(10_000);
    expect(h.calls.length).toBe(3);
    expect(h.loader.get("/img/401")).toMatchObject({ message: IMAGE_ERRORS.unauthorized, httpStatus: 401 });
    expect(h.loader.get("/img/403")).toMatchObject({ message: IMAGE_ERRORS.forbidden });
    expect(h.loader.get("/img/404")).toMatchObject({ message: "Imagem não encontrada." });
  });

  test("5 failures open the URL's breaker for 10 minutes; other URLs still load", async () => {
    const h = harness((url) => (url === "/quebrada" ? status(500, "Internal Server Error") : png()));
    const stop = h.loader.subscribe("/quebrada", () => {});
    await h.advance(200 + 3000);
    expect(h.calls.length).toBe(4);
    // The page is opened again: the 5th failure opens the breaker and no retry follows.
    stop();
    h.loader.subscribe("/quebrada", () => {});
    await h.advance(200 + 3000);
    expect(h.calls.length).toBe(5);
    expect(h.loader.get("/quebrada")).toMatchObject({ status: "error", message: CIRCUIT_OPEN_MESSAGE });
    h.loader.reload("/quebrada");
    await h.minutes(9);
    expect(h.calls.length).toBe(5);
    expect(h.loader.get("/quebrada")).toMatchObject({ message: CIRCUIT_OPEN_MESSAGE });
    h.loader.subscribe("/boa", () => {});
    await h.advance(200);
    expect(h.loader.get("/boa").status).toBe("loaded");
    await h.minutes(1);
    h.loader.reload("/quebrada");
    await h.advance(200);
    expect(h.calls.filter((c) => c.url === "/quebrada").length).toBe(6);
  });

  test("more than 5 simultaneous requests for one URL warn once, and still make one request", async () => {
    const h = harness(() => png());
    for (let i = 0; i < 7; i++) h.loader.subscribe("/muitas", () => {});
    await h.advance(200);
    expect(h.warnings.length).toBe(1);
    expect(h.warnings[0]).toContain("/muitas");
    expect(h.calls.length).toBe(1);
  });

  test("every 5 minutes, entries idle 30 minutes with no subscribers are dropped and revoked", async () => {
    const h = harness(() => png());
    const stop = h.loader.subscribe("/velha", () => {});
    h.loader.subscribe("/vista", () => {});
    await h.advance(200);
    stop();
    await h.minutes(29);
    expect(h.loader.size()).toBe(2);
    await h.minutes(6);
    // /velha had no subscriber for 30 minutes: gone, its object URL revoked; /vista is still watched.
    expect(h.loader.size()).toBe(1);
    expect(h.revoked).toEqual(["blob:imagem-1"]);
    expect(h.loader.get("/vista").status).toBe("loaded");
  });

  test("messages: §8 texts by status, and '401: … Unauthorized' counts as unauthorized", () => {
    expect(imageErrorMessage(500, "Internal Server Error")).toBe("Erro 500: Internal Server Error");
    expect(imageErrorMessage(403, "Forbidden")).toBe(IMAGE_ERRORS.forbidden);
    expect(normalizeImageError("401: Unauthorized")).toBe(IMAGE_ERRORS.unauthorized);
    expect(normalizeImageError("401: outra coisa")).toBe("401: outra coisa");
  });
});
