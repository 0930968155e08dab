/** A connection's stored config → the plain target its adapter takes (secrets decrypted only here). */
import type { InstagramTarget } from "../adapters/instagram/client";
import type { UazapiTarget } from "../adapters/uazapi/client";
import { vettedFetch } from "../lib/vetted-fetch";
import type { InstagramStoredConfig, UazapiStoredConfig } from "../services/channel-store";
import type { AppDeps } from "../services/context";

/**
 * The UAZAPI server URL is typed in by a tenant and fetched by us: every call (and every redirect)
 * goes through safe-fetch, so it can never reach our private network, whatever DNS says later.
 */
export const uazapiFetch = vettedFetch();

export const uazapiTarget = (deps: AppDeps, c: Pick<UazapiStoredConfig, "serverUrl" | "instanceToken">): UazapiTarget => ({
  serverUrl: c.serverUrl,
  token: deps.secrets.decrypt(c.instanceToken),
  fetch: uazapiFetch,
});

export const instagramTarget = (deps: AppDeps, c: Pick<InstagramStoredConfig, "accessToken" | "pageId" | "businessId">): InstagramTarget => ({
  baseUrl: deps.env.INSTAGRAM_GRAPH_BASE,
  version: deps.env.INSTAGRAM_GRAPH_VERSION,
  pageId: c.pageId,
  businessId: c.businessId,
  accessToken: deps.secrets.decrypt(c.accessToken),
});
