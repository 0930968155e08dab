/**
 * A loopback Google Places API (New) Text Search: POST /v1/places:searchText with X-Goog-Api-Key
 * (400 INVALID_ARGUMENT "API key not valid" otherwise) and X-Goog-FieldMask (required: 400 without);
 * places built from the query, `pageSize` (≤ 20) a page with a nextPageToken until `total` is
 * reached. `failNext` answers one 429 RESOURCE_EXHAUSTED with Retry-After. Records every request.
 * Runs under Bun (tests) and, via node:http, as the e2e fake process.
 */
export type PlacesRequest = { headers: Record<string, string>; body: Record<string, unknown> };
export type PlacesFakeSettings = {
  apiKey: string;
  /** Places a query yields in all (over several pages). */
  total: number;
  /** How many of the next requests answer 429. */
  failNext: number;
  /** Place ids/phones offset: a second search can overlap the first one. */
  phonesFrom: Record<string, number>;
};

const rpcError = (code: number, status: string, message: string, reason?: string) => ({
  error: { code, message, status, ...(reason ? { details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "googleapis.com" }] } : {}) },
});

const slug = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The i-th place of a query (stable: the same query gives the same places, so a rerun overlaps). */
export function fakePlace(query: string, i: number) {
  const n = String(i + 1).padStart(3, "0");
  return {
    id: `ChIJ-${slug(query)}-${n}`,
    displayName: { text: `${query.split(" em ")[0] ?? query} ${n}`.replace(/^./, (c) => c.toUpperCase()), languageCode: "pt-BR" },
    formattedAddress: `Rua das Flores, ${i + 1} - Centro, Campinas - SP, 13010-000, Brasil`,
    nationalPhoneNumber: `(19) 3232-${String(1000 + i).slice(-4)}`,
    internationalPhoneNumber: `+55 19 3232-${String(1000 + i).slice(-4)}`,
    ...(i % 2 === 0 ? { websiteUri: `https://loja${n}.exemplo.com.br/` } : {}),
    rating: 3 + (i % 20) / 10,
    userRatingCount: 10 + i,
    googleMapsUri: `https://maps.google.com/?cid=${1000 + i}`,
    location: { latitude: -22.9 - i / 1000, longitude: -47.06 },
    primaryTypeDisplayName: { text: i % 3 === 0 ? "Pet shop" : "Loja de animais", languageCode: "pt-BR" },
    regularOpeningHours: { weekdayDescriptions: ["segunda-feira: 09:00–18:00", "domingo: Fechado"] },
    addressComponents: [
      { longText: "Campinas", shortText: "Campinas", types: ["administrative_area_level_2", "political"] },
      { longText: "São Paulo", shortText: "SP", types: ["administrative_area_level_1", "political"] },
    ],
  };
}

export type PlacesAnswer = { status: number; body: unknown; headers?: Record<string, string> };

/** The protocol itself, shared by the Bun test server and the node e2e process. */
export function answerPlaces(settings: PlacesFakeSettings, requests: PlacesRequest[], path: string, method: string, headers: Record<string, string>, raw: string): PlacesAnswer {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(raw || "{}") as Record<string, unknown>;
  } catch {
    return { status: 400, body: rpcError(400, "INVALID_ARGUMENT", "Invalid JSON payload received.") };
  }
  requests.push({ headers, body });
  if (method !== "POST" || path !== "/v1/places:searchText") return { status: 404, body: rpcError(404, "NOT_FOUND", "Method not found.") };
  if (headers["x-goog-api-key"] !== settings.apiKey) return { status: 400, body: rpcError(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", "API_KEY_INVALID") };
  if (!headers["x-goog-fieldmask"]) return { status: 400, body: rpcError(400, "INVALID_ARGUMENT", "FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters.") };
  if (settings.failNext > 0) {
    settings.failNext--;
    return { status: 429, body: rpcError(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'SearchTextRequest'."), headers: { "retry-after": "0" } };
  }
  const query = String(body.textQuery ?? "").trim();
  if (!query) return { status: 400, body: rpcError(400, "INVALID_ARGUMENT", "Missing required field: textQuery") };
  const size = Math.min(20, Math.max(1, Number(body.pageSize ?? 20)));
  const start = typeof body.pageToken === "string" && body.pageToken ? Number(body.pageToken.replace(/^page-/, "")) : 0;
  if (!Number.isInteger(start) || start < 0) return { status: 400, body: rpcError(400, "INVALID_ARGUMENT", "Invalid page token.") };
  const offset = settings.phonesFrom[query] ?? 0;
  const end = Math.min(settings.total, start + size);
  const places = [];
  for (let i = start; i < end; i++) places.push(fakePlace(query, i + offset));
  return { status: 200, body: end < settings.total ? { places, nextPageToken: `page-${end}` } : { places } };
}

export async function startFakeGooglePlaces(opts: { apiKey?: string; total?: number } = {}) {
  const requests: PlacesRequest[] = [];
  const settings: PlacesFakeSettings = { apiKey: opts.apiKey ?? "AIza-teste", total: opts.total ?? 50, failNext: 0, phonesFrom: {} };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      const headers: Record<string, string> = {};
      req.headers.forEach((v, k) => {
        headers[k] = v;
      });
      const a = answerPlaces(settings, requests, url.pathname, req.method, headers, await req.text());
      return Response.json(a.body, { status: a.status, headers: a.headers ?? {} });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, host: `127.0.0.1:${server.port}`, requests, settings, stop: () => server.stop(true) };
}
