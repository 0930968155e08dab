import type { IntegrationKind, agentIntegrations } from "../../db/schema";
import { AppError } from "../lib/errors";
import { ownerKey } from "../lib/ttl-cache";
import { configOf, readIntegrations } from "../services/agent-config";
import type { AppDeps } from "../services/context";

export type IntegrationRow = typeof agentIntegrations.$inferSelect;

/**
 * Secrets of an integration's config, by kind: encrypted before they are written, decrypted only
 * for the call that needs them, never returned to the browser (`publicConfig`).
 */
export const SECRET_FIELDS: Record<IntegrationKind, string[]> = {
  dynamic_api: ["apiKey", "password", "token", "clientSecret", "customHeaders"],
  agendor: ["apiToken"],
  n8n: ["authToken"],
  google_calendar: ["accessToken", "refreshToken"],
  nuvemshop: ["accessToken"],
  notion: ["token"],
  web_search: ["apiKey"],
  email: ["smtpPassword"],
};

type Config = Record<string, unknown>;
const text = (v: unknown) => (v !== undefined && v !== null && v !== "" ? String(v).trim().replace(/\/+$/, "").toLowerCase() : null);

/** Where a kind's secrets are sent (null: nowhere of the user's choosing). Changing one needs the secret typed again. */
const DESTINATIONS: Record<IntegrationKind, (c: Config) => (string | null)[]> = {
  dynamic_api: (c) => [text(c.baseUrl), text(c.tokenUrl)],
  agendor: (c) => [text(c.baseUrl)],
  n8n: (c) => [text(c.serverUrl)],
  email: (c) => [c.useOwnSmtp && text(c.smtpHost) ? `${text(c.smtpHost)}:${c.smtpPort ?? ""}` : null],
  google_calendar: () => [],
  nuvemshop: () => [],
  notion: () => [],
  web_search: () => [],
};
export const RETYPE_SECRET = "Ao trocar o endereço do serviço, informe de novo o token ou a senha";

const isSet = (v: unknown) => v !== undefined && v !== null && v !== "";

/**
 * A stored secret only ever goes to the address it was saved with. The form never shows secrets, so
 * without this a member could point the URL (or SMTP host) at a server of their own, keep the
 * secret "as saved" and read it from the next Testar or tool call. A destination cleared is not a
 * new one (own SMTP off; Agendor back to its real API).
 */
export function assertSecretStaysWithAddress(kind: IntegrationKind, next: Config, previous?: Config | null) {
  if (!previous) return;
  const keepsStoredSecret = SECRET_FIELDS[kind].some((f) => !isSet(next[f]) && isSet(previous[f]));
  if (!keepsStoredSecret) return;
  const before = DESTINATIONS[kind](previous);
  const moved = DESTINATIONS[kind](next).some((d, i) => d !== null && d !== before[i]);
  if (moved) throw new AppError("VALIDATION", RETYPE_SECRET);
}

/** Encrypts the kind's secret fields; a secret left empty keeps the stored one (the form never shows it). */
export function sealConfig(deps: AppDeps, kind: IntegrationKind, config: Record<string, unknown>, previous?: Record<string, unknown> | null) {
  assertSecretStaysWithAddress(kind, config, previous);
  const out: Record<string, unknown> = { ...config };
  for (const field of SECRET_FIELDS[kind]) {
    if (isSet(config[field])) out[field] = deps.secrets.encrypt(typeof config[field] === "string" ? (config[field] as string) : JSON.stringify(config[field]));
    else if (previous && isSet(previous[field])) out[field] = previous[field];
    else delete out[field];
  }
  return out;
}

/** The config with secrets decrypted, for the server-side call only. */
export function openConfig<T = Record<string, unknown>>(deps: AppDeps, row: Pick<IntegrationRow, "kind" | "config">): T {
  const out: Record<string, unknown> = { ...row.config };
  for (const field of SECRET_FIELDS[row.kind]) if (typeof out[field] === "string") out[field] = deps.secrets.decrypt(out[field] as string);
  return out as T;
}

/** What the editor may see: secrets replaced by has<Field> flags. */
export function publicConfig(row: IntegrationRow) {
  const config: Record<string, unknown> = { ...row.config };
  for (const field of SECRET_FIELDS[row.kind]) {
    config[`has${field[0]?.toUpperCase()}${field.slice(1)}`] = isSet(config[field]);
    delete config[field];
  }
  return { ...row, config };
}

/** Reads of one agent's integrations started in the same tick: they share one query. */
const inFlight = new Map<string, Promise<IntegrationRow[]>>();

/**
 * An agent's integrations (of one kind), oldest first. Handed a turn's agent object, they come from
 * the configuration the turn validated (services/agent-config.ts: no query). Otherwise they are
 * read; asks started at the same moment share one prepared query, and the sharing ends with the
 * tick, so an ask after a write always reads again.
 */
export async function integrationsOf(deps: AppDeps, agent: string | { id: string }, kind?: IntegrationKind): Promise<IntegrationRow[]> {
  const config = configOf(agent);
  if (config) return config.integrations.filter((r) => !kind || r.kind === kind);
  const agentId = typeof agent === "string" ? agent : agent.id;
  const key = `${ownerKey(deps.db)}:${agentId}`;
  let rows = inFlight.get(key);
  if (!rows) {
    rows = readIntegrations(deps.db, agentId);
    inFlight.set(key, rows);
    queueMicrotask(() => inFlight.delete(key));
  }
  const all = await rows;
  return kind ? all.filter((r) => r.kind === kind) : [...all];
}
