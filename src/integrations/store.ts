import { and, asc, eq } from "drizzle-orm";
import { type IntegrationKind, agentIntegrations } from "../../db/schema";
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

const isSet = (v: unknown) => v !== undefined && v !== null && v !== "";

/** Encrypts the kind's secret fields; a secret left empty keeps the stored one (the form never shows it). */
export function sealConfig(deps: AppDeps, kind: IntegrationKind, config: Record<string, unknown>, previous?: Record<string, unknown> | null) {
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

export async function integrationsOf(deps: AppDeps, agentId: string, kind?: IntegrationKind) {
  return deps.db
    .select()
    .from(agentIntegrations)
    .where(kind ? and(eq(agentIntegrations.agentId, agentId), eq(agentIntegrations.kind, kind)) : eq(agentIntegrations.agentId, agentId))
    .orderBy(asc(agentIntegrations.createdAt));
}
