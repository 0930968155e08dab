/**
 * Where a search's leads come from: Google Places (the admin's key, platform_settings
 * "google_places", encrypted) and the web-search provider (platform_settings "web_search") for
 * Instagram and LinkedIn profiles. Also the admin card's get/save/Testar and what each source needs.
 */
import { type Place, PlacesError, searchPlacesText } from "../../adapters/google-places/client";
import { WebSearchError, tavilySearch } from "../../adapters/tavily/client";
import { AppError } from "../../lib/errors";
import type { GooglePlacesKey } from "../../schemas/campaigns/leads";
import type { AppDeps } from "../context";
import { getPlatformSetting, publicPlatformSetting, savePlatformSetting } from "../platform-settings";
import type { LeadCandidate } from "./lead-write";
import { type SocialSource, parseSocialResults, socialQuery } from "./social-profiles";

export const NEEDS_GOOGLE_KEY = "A busca no Google Maps precisa da chave do Google Places, definida pelo administrador da plataforma em Configurações.";
export const NEEDS_WEB_SEARCH = "A busca no Instagram e no LinkedIn precisa da busca na web configurada pelo administrador da plataforma.";

export async function googlePlacesKeyView(deps: AppDeps) {
  const { value, updatedAt } = await publicPlatformSetting(deps, "google_places");
  return { enabled: value.enabled !== false, hasApiKey: value.hasApiKey === true, updatedAt };
}

export async function saveGooglePlacesKey(deps: AppDeps, input: GooglePlacesKey, userId: string) {
  await savePlatformSetting(deps, "google_places", input, userId);
  return googlePlacesKeyView(deps);
}

/** The admin's key, when set and switched on. */
export async function googlePlacesKey(deps: AppDeps): Promise<string | null> {
  const s = await getPlatformSetting<{ apiKey?: string; enabled?: boolean }>(deps, "google_places");
  return s?.apiKey && s.enabled !== false ? s.apiKey : null;
}

async function webSearchKey(deps: AppDeps): Promise<string | null> {
  const s = await getPlatformSetting<{ apiKey?: string; enabled?: boolean }>(deps, "web_search");
  return s?.apiKey && s.enabled !== false ? s.apiKey : null;
}

/** What the page says before a search: which sources can run now. */
export async function leadSourceStatus(deps: AppDeps) {
  const [google, web] = await Promise.all([googlePlacesKey(deps), webSearchKey(deps)]);
  return { googleMaps: google !== null, webSearch: web !== null, googleMessage: google ? null : NEEDS_GOOGLE_KEY, webSearchMessage: web ? null : NEEDS_WEB_SEARCH };
}

/** "Testar": one page of one result with the typed key, else the stored one. */
export async function testGooglePlacesKey(deps: AppDeps, typed: string | undefined) {
  const apiKey = typed || (await getPlatformSetting<{ apiKey?: string }>(deps, "google_places"))?.apiKey;
  if (!apiKey) throw new AppError("VALIDATION", "Informe a chave de API do Google Places");
  try {
    const page = await searchPlacesText({ base: deps.env.GOOGLE_PLACES_API_BASE, apiKey, textQuery: "padaria em São Paulo", pageSize: 1 });
    return { ok: true, results: page.places.length, sample: page.places[0]?.name ?? null, error: null };
  } catch (err) {
    return { ok: false, results: 0, sample: null, error: err instanceof PlacesError ? err.message : "Falha ao testar o Google Places" };
  }
}

export const placeToLead = (p: Place): LeadCandidate => ({
  businessName: p.name,
  category: p.category,
  address: p.address,
  city: p.city,
  phone: p.phone,
  website: p.website,
  rating: p.rating,
  reviewsCount: p.reviews,
  mapUrl: p.mapUrl,
  placeId: p.id,
  latitude: p.latitude,
  longitude: p.longitude,
  openingHours: p.openingHours,
});

/** Instagram/LinkedIn: one site-restricted web search; a refused key fails the search with its message. */
export async function searchSocialProfiles(deps: AppDeps, source: SocialSource, term: string, location: string, max: number): Promise<LeadCandidate[]> {
  const apiKey = await webSearchKey(deps);
  if (!apiKey) throw new PlacesError(NEEDS_WEB_SEARCH, null, false);
  try {
    const found = await tavilySearch({ apiKey, query: socialQuery(source, term, location), maxResults: Math.min(20, max), searchDepth: "basic" });
    return parseSocialResults(source, found.resultados).slice(0, max);
  } catch (err) {
    if (err instanceof WebSearchError) throw new PlacesError(err.message, err.status, err.status === 429 || err.status === null);
    throw err;
  }
}
