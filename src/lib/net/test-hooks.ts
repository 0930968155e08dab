/**
 * Test-only switches for safe-fetch, honoured only when NODE_ENV=test: an allow-list so tests can
 * reach loopback fakes, a default resolver (names → fakes) and an extra CA for the HTTPS fake.
 * The default, and production, refuses loopback whatever is set here.
 */
export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

let allow: Set<string> | null = null;
let hooks: { resolver?: Resolver; ca?: string } = {};

export const isTest = () => process.env.NODE_ENV === "test";

function assertTest(what: string) {
  if (!isTest()) throw new Error(`${what} só pode ser usado com NODE_ENV=test`);
}

/**
 * Entries are "ip:port" ("127.0.0.1:4100", "[::1]:4100") or "name:port". Replaces the previous
 * list; null clears it. ATENDA_SAFE_FETCH_ALLOW (comma-separated, same format) is read as well,
 * for Bun Workers, which do not share this module's state.
 */
export function setSafeFetchTestAllowlist(hosts: string[] | null): void {
  assertTest("setSafeFetchTestAllowlist");
  allow = hosts ? new Set(hosts.map((h) => h.trim().toLowerCase())) : null;
}

/** A resolver used when a call passes none, and a CA trusted on top of the system ones. */
export function setSafeFetchTestHooks(next: { resolver?: Resolver; ca?: string } | null): void {
  assertTest("setSafeFetchTestHooks");
  hooks = next ?? {};
}

export function isTestAllowed(hostPort: string): boolean {
  if (!isTest()) return false;
  if (allow?.has(hostPort)) return true;
  const env = process.env.ATENDA_SAFE_FETCH_ALLOW ?? "";
  return env.split(",").some((e) => e.trim().toLowerCase() === hostPort);
}

export const testResolver = (): Resolver | undefined => (isTest() ? hooks.resolver : undefined);
export const testCa = (): string | undefined => (isTest() ? hooks.ca : undefined);
