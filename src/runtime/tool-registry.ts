import type { ToolProvider } from "./tools";

/**
 * The runtime's only view of where tools come from: integrations register their providers at boot
 * (src/integrations/register-tools.ts, called by bootDeps), so the runtime imports no integration
 * and no integration → service → runtime import cycle can form. Registration order is priority.
 */
export type RegisteredProvider = { name: string; provider: ToolProvider };

const providers = new Map<string, ToolProvider>();

/** Idempotent per name: the server, the job Worker and tests all boot through the same call. */
export function registerToolProvider(name: string, provider: ToolProvider): void {
  providers.set(name, provider);
}

export function registeredToolProviders(): readonly RegisteredProvider[] {
  return [...providers].map(([name, provider]) => ({ name, provider }));
}
