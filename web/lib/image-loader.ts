/**
 * The one loader of protected images (SPEC §4/§8/§9): every URL has a shared entry (loading, loaded
 * or error) that every <ProtectedImage> showing it subscribes to, so ten avatars of one person cost
 * one request. Bytes come with the session cookie and become an object URL. Failures retry 3 times
 * 1 s apart (never for 401/403/404: asking again changes nothing), and a URL failing 5 times is
 * blocked for 10 minutes (circuit breaker). Loads are debounced 200 ms; every 5 minutes entries
 * nobody has used for 30 minutes are dropped and their object URLs revoked.
 * Clock, timers, fetch and object URLs are injected so the unit tests drive time themselves.
 */
import { IMAGE_ERRORS } from "../../src/schemas/image-errors";

export const IMAGE_LOADER_LIMITS = {
  retries: 3,
  retryDelayMs: 1000,
  breakerFailures: 5,
  breakerMs: 10 * 60_000,
  debounceMs: 200,
  warnAboveRequests: 5,
  cleanupEveryMs: 5 * 60_000,
  idleMs: 30 * 60_000,
} as const;

export const CIRCUIT_OPEN_MESSAGE = "Imagem temporariamente indisponível (circuit breaker)";

export type ImageState =
  | { status: "loading" }
  | { status: "loaded"; objectUrl: string }
  | { status: "error"; message: string; httpStatus: number | null };

type Timer = ReturnType<typeof setTimeout>;

/** One object, so React's useSyncExternalStore sees a stable snapshot before the entry exists. */
const LOADING: ImageState = Object.freeze({ status: "loading" });

export type ImageLoaderDeps = {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => Timer;
  clearTimeout: (t: Timer) => void;
  setInterval: (fn: () => void, ms: number) => Timer;
  clearInterval: (t: Timer) => void;
  createObjectURL: (blob: Blob) => string;
  revokeObjectURL: (url: string) => void;
  warn: (message: string) => void;
};

type Entry = {
  state: ImageState;
  listeners: Set<() => void>;
  lastUsed: number;
  failures: number;
  blockedUntil: number;
  debounce: Timer | null;
  /** Load requests gathered in the current debounce window (the "simultaneous requests" of §9). */
  requests: number;
  inFlight: boolean;
};

/** SPEC §8's text for a failed image fetch. */
export function imageErrorMessage(status: number, statusText: string): string {
  if (status === 401) return IMAGE_ERRORS.unauthorized;
  if (status === 403) return IMAGE_ERRORS.forbidden;
  if (status === 404) return IMAGE_ERRORS.notFound;
  return `Erro ${status}: ${statusText}`;
}

/** SPEC §8: an error reading "401: … Unauthorized" (a proxy's, a thrown one) means the session is gone. */
export function normalizeImageError(message: string): string {
  return message.startsWith("401:") && message.includes("Unauthorized") ? IMAGE_ERRORS.unauthorized : message;
}

/** Answers that another try cannot change. */
const FINAL = new Set([401, 403, 404]);

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    statusText: string,
  ) {
    super(imageErrorMessage(status, statusText));
  }
}

export type ImageLoader = ReturnType<typeof createImageLoader>;

export function createImageLoader(deps: ImageLoaderDeps, limits = IMAGE_LOADER_LIMITS) {
  const entries = new Map<string, Entry>();
  let sweeper: Timer | null = null;

  const entryOf = (url: string): Entry => {
    let e = entries.get(url);
    if (!e) {
      e = { state: LOADING, listeners: new Set(), lastUsed: deps.now(), failures: 0, blockedUntil: 0, debounce: null, requests: 0, inFlight: false };
      entries.set(url, e);
    }
    return e;
  };

  const set = (e: Entry, state: ImageState) => {
    e.state = state;
    for (const l of [...e.listeners]) l();
  };

  const wait = (ms: number) => new Promise<void>((resolve) => deps.setTimeout(resolve, ms));

  /** One fetch; a network error counts like a 5xx (worth a retry). */
  async function fetchOnce(url: string): Promise<Blob> {
    // no-cache: revalidated each load (a 304 on the ETag when unchanged), so a revoked access or a
    // deleted file shows at once instead of the browser's copy.
    const res = await deps.fetch(url, { credentials: "include", cache: "no-cache", headers: { Accept: "image/*" } });
    if (!res.ok) throw new HttpFailure(res.status, res.statusText);
    return res.blob();
  }

  /** Whether this URL's breaker is open now; reaching the threshold opens it. */
  const blocked = (e: Entry) => e.blockedUntil > deps.now();

  function fail(e: Entry, error: unknown) {
    e.failures++;
    if (e.failures >= limits.breakerFailures) {
      e.blockedUntil = deps.now() + limits.breakerMs;
      e.failures = 0;
    }
    const httpStatus = error instanceof HttpFailure ? error.status : null;
    const message = error instanceof Error ? normalizeImageError(error.message) : String(error);
    return { httpStatus, message };
  }

  async function run(url: string, e: Entry) {
    e.inFlight = true;
    try {
      for (let attempt = 0; ; attempt++) {
        if (blocked(e)) return set(e, { status: "error", message: CIRCUIT_OPEN_MESSAGE, httpStatus: null });
        try {
          const blob = await fetchOnce(url);
          e.failures = 0;
          if (e.state.status === "loaded") deps.revokeObjectURL(e.state.objectUrl);
          return set(e, { status: "loaded", objectUrl: deps.createObjectURL(blob) });
        } catch (error) {
          const { httpStatus, message } = fail(e, error);
          const final = httpStatus !== null && FINAL.has(httpStatus);
          if (final || attempt >= limits.retries) {
            return set(e, { status: "error", message: blocked(e) ? CIRCUIT_OPEN_MESSAGE : message, httpStatus });
          }
          await wait(limits.retryDelayMs);
        }
      }
    } finally {
      e.inFlight = false;
    }
  }

  /** Asks for `url`; requests within 200 ms of each other become one load. */
  function request(url: string) {
    const e = entryOf(url);
    e.lastUsed = deps.now();
    e.requests++;
    if (e.requests === limits.warnAboveRequests + 1) {
      deps.warn(`[image-loader] mais de ${limits.warnAboveRequests} pedidos simultâneos para ${url}`);
    }
    if (e.debounce) deps.clearTimeout(e.debounce);
    e.debounce = deps.setTimeout(() => {
      e.debounce = null;
      e.requests = 0;
      if (e.inFlight) return;
      if (blocked(e)) return set(e, { status: "error", message: CIRCUIT_OPEN_MESSAGE, httpStatus: null });
      if (e.state.status !== "loading") set(e, LOADING);
      void run(url, e);
    }, limits.debounceMs);
  }

  /** Drops entries idle for 30 minutes with nobody watching; a blocked URL keeps its breaker. */
  function sweep(): number {
    const cutoff = deps.now() - limits.idleMs;
    let dropped = 0;
    for (const [url, e] of entries) {
      if (e.listeners.size > 0 || e.lastUsed > cutoff || e.inFlight || e.debounce || blocked(e)) continue;
      if (e.state.status === "loaded") deps.revokeObjectURL(e.state.objectUrl);
      entries.delete(url);
      dropped++;
    }
    return dropped;
  }

  return {
    /** The shared state of `url` (loading until the first answer). */
    get(url: string): ImageState {
      return entries.get(url)?.state ?? LOADING;
    },
    /**
     * Watches `url`, loading it unless it is loaded already (or loading). Returns the unsubscribe.
     * A URL in error is asked again by a new subscriber, so a page opened later may recover.
     */
    subscribe(url: string, listener: () => void): () => void {
      const e = entryOf(url);
      e.listeners.add(listener);
      e.lastUsed = deps.now();
      sweeper ??= deps.setInterval(sweep, limits.cleanupEveryMs);
      // Everyone asking before the load starts counts as a request (and joins the one load).
      const waiting = e.state.status === "loading" && !e.inFlight;
      if (waiting || (e.state.status === "error" && e.listeners.size === 1)) request(url);
      return () => {
        e.listeners.delete(listener);
        e.lastUsed = deps.now();
      };
    },
    /** Loads `url` again (a retry button, a new session). */
    reload: request,
    sweep,
    /** Stops the sweeper and forgets everything (tests, logout). */
    dispose() {
      if (sweeper) deps.clearInterval(sweeper);
      sweeper = null;
      for (const e of entries.values()) {
        if (e.debounce) deps.clearTimeout(e.debounce);
        if (e.state.status === "loaded") deps.revokeObjectURL(e.state.objectUrl);
      }
      entries.clear();
    },
    size: () => entries.size,
  };
}

let shared: ImageLoader | null = null;

/** The page's loader, over the browser's clock, timers, fetch and object URLs. */
export function imageLoader(): ImageLoader {
  shared ??= createImageLoader({
    fetch: (url, init) => fetch(url, init),
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (t) => clearTimeout(t),
    setInterval: (fn, ms) => setInterval(fn, ms),
    clearInterval: (t) => clearInterval(t),
    createObjectURL: (blob) => URL.createObjectURL(blob),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
    warn: (message) => console.warn(message),
  });
  return shared;
}
