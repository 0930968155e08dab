/**
 * Google Places API (New) Text Search: POST {base}/v1/places:searchText with X-Goog-Api-Key and a
 * required X-Goog-FieldMask; body {textQuery, languageCode, regionCode, pageSize ≤ 20, pageToken}.
 * Errors come as a google.rpc.Status body ({error: {code, message, status}}). Through safeFetch;
 * the base (GOOGLE_PLACES_API_BASE) points tests at a loopback fake.
 */
import { retryAfterMs } from "../retry-after";
import { SafeFetchError, safeFetch } from "../../lib/safe-fetch";

export const GOOGLE_PLACES_DEFAULT_BASE = "https://places.googleapis.com";
export const PLACES_PAGE_SIZE = 20;
const TIMEOUT_MS = 15_000;

export const PLACES_FIELD_MASK = [
  "places.id",
  "places.displayName",
  "places.formattedAddress",
  "places.nationalPhoneNumber",
  "places.internationalPhoneNumber",
  "places.websiteUri",
  "places.rating",
  "places.userRatingCount",
  "places.googleMapsUri",
  "places.location",
  "places.primaryTypeDisplayName",
  "places.regularOpeningHours.weekdayDescriptions",
  "places.addressComponents",
  "nextPageToken",
].join(",");

/** A provider error the job runner understands (retryable, retryAfterMs), like the channel adapters'. */
export class PlacesError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "PlacesError";
  }
}

export type Place = {
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
  website: string | null;
  rating: number | null;
  reviews: number | null;
  mapUrl: string | null;
  latitude: number | null;
  longitude: number | null;
  category: string | null;
  openingHours: string[] | null;
  city: string | null;
};
export type PlacesPage = { places: Place[]; nextPageToken: string | null };

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" ? (v as Record<string, unknown>) : {});

/** The city: the locality component (or the second administrative level, as Brazilian addresses often carry). */
function cityOf(components: unknown): string | null {
  if (!Array.isArray(components)) return null;
  const find = (type: string) => components.map(obj).find((c) => Array.isArray(c.types) && (c.types as unknown[]).includes(type));
  const c = find("locality") ?? find("administrative_area_level_2");
  return c ? (str(c.longText) ?? str(c.shortText)) : null;
}

export function readPlace(raw: unknown): Place | null {
  const p = obj(raw);
  const id = str(p.id);
  const name = str(obj(p.displayName).text);
  if (!id || !name) return null;
  const loc = obj(p.location);
  const hours = obj(p.regularOpeningHours).weekdayDescriptions;
  return {
    id,
    name,
    address: str(p.formattedAddress),
    phone: str(p.internationalPhoneNumber) ?? str(p.nationalPhoneNumber),
    website: str(p.websiteUri),
    rating: num(p.rating),
    reviews: num(p.userRatingCount),
    mapUrl: str(p.googleMapsUri),
    latitude: num(loc.latitude),
    longitude: num(loc.longitude),
    category: str(obj(p.primaryTypeDisplayName).text),
    openingHours: Array.isArray(hours) ? hours.filter((h): h is string => typeof h === "string") : null,
    city: cityOf(p.addressComponents),
  };
}

/** pt-BR text for a google.rpc status: a refused key is the admin's to fix, a quota is temporary. */
function errorFor(status: number, body: string, retryAfter: string | null): PlacesError {
  let rpc: { message?: string; status?: string } = {};
  try {
    rpc = obj(obj(JSON.parse(body)).error) as typeof rpc;
  } catch {
    // not JSON: the status code says enough
  }
  const detail = typeof rpc.message === "string" ? ` (${rpc.message.slice(0, 200)})` : "";
  if (status === 429) return new PlacesError("Limite de consultas do Google Places atingido. Tentaremos de novo em instantes.", status, true, retryAfterMs(retryAfter) ?? 2000);
  if (status >= 500) return new PlacesError(`O Google Places respondeu com erro (HTTP ${status}). Tentaremos de novo.`, status, true);
  if (status === 403 || (status === 400 && /api key|API_KEY/i.test(body)))
    return new PlacesError(`A chave do Google Places foi recusada. Peça ao administrador para conferir a chave em Configurações${detail}.`, status, false);
  return new PlacesError(`O Google Places recusou a busca (HTTP ${status})${detail}.`, status, false);
}

export async function searchPlacesText(opts: { base: string; apiKey: string; textQuery: string; pageSize?: number; pageToken?: string | null; signal?: AbortSignal }): Promise<PlacesPage> {
  const body: Record<string, unknown> = {
    textQuery: opts.textQuery,
    languageCode: "pt-BR",
    regionCode: "BR",
    pageSize: Math.min(PLACES_PAGE_SIZE, Math.max(1, opts.pageSize ?? PLACES_PAGE_SIZE)),
  };
  if (opts.pageToken) body.pageToken = opts.pageToken;
  let res: Awaited<ReturnType<typeof safeFetch>>;
  try {
    res = await safeFetch(`${opts.base.replace(/\/+$/, "")}/v1/places:searchText`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": opts.apiKey, "x-goog-fieldmask": PLACES_FIELD_MASK },
      body: JSON.stringify(body),
      timeoutMs: TIMEOUT_MS,
      maxBytes: 4 * 1024 * 1024,
      acceptHttpErrors: true,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (err) {
    if (err instanceof SafeFetchError) {
      const retry = ["TIMEOUT", "NETWORK", "DNS"].includes(err.code);
      throw new PlacesError(retry ? "Não foi possível falar com o Google Places. Tentaremos de novo." : err.message, null, retry);
    }
    throw err;
  }
  const text = res.text();
  if (res.status < 200 || res.status > 299) throw errorFor(res.status, text, res.headers.get("retry-after"));
  let parsed: Record<string, unknown>;
  try {
    parsed = obj(JSON.parse(text));
  } catch {
    throw new PlacesError("O Google Places respondeu em um formato inesperado.", res.status, false);
  }
  const places = (Array.isArray(parsed.places) ? parsed.places : []).map(readPlace).filter((p): p is Place => p !== null);
  return { places, nextPageToken: str(parsed.nextPageToken) };
}
