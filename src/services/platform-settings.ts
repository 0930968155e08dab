/**
 * Platform-wide integration settings an admin sets once on /admin/configuracoes (SPEC §3): the
 * Google Calendar OAuth client, the workflow-automation (n8n) switch and the web-search provider.
 * One row per key in platform_settings. Secret fields are encrypted before they are written,
 * decrypted only for the server-side call that needs them, and never sent to the browser.
 */
import { eq, sql } from "drizzle-orm";
import { prepared } from "../../db/prepared";
import { platformSettings } from "../../db/schema";
import { configOf } from "./agent-config";
import type { AppDeps } from "./context";

export const PLATFORM_SETTING_SECRETS = {
  google_calendar: ["clientSecret"],
  n8n: [] as string[],
  web_search: ["apiKey"],
  stripe: ["secretKey", "webhookSecret"],
  google_places: ["apiKey"],
  /** Price per campaign message (src/services/campaigns/pricing.ts): nothing secret. */
  campaigns: [] as string[],
  /** The platform's SMTP server and sender (issue 17, /admin/modelos-emails); env SMTP_* seed them. */
  mail_server: ["password"],
  mail_sender: [] as string[],
  /** The default own-server WhatsApp gateway workspaces may use without their own (/admin/uazapi). */
  uazapi_platform: ["adminToken"],
  /** The Meta app behind the platform-level WhatsApp webhook (/admin/whatsapp-config). */
  whatsapp_platform: ["appSecret", "verifyToken"],
} satisfies Record<string, string[]>;
export type PlatformSettingKey = keyof typeof PLATFORM_SETTING_SECRETS;

const isSet = (v: unknown) => v !== undefined && v !== null && v !== "";

/**
 * The n8n switch is read on every chat turn (its tool provider): a turn's agent object carries the
 * settings its version read validated (services/agent-config.ts); other callers read, prepared once.
 */
async function readRow(deps: AppDeps, key: PlatformSettingKey, turnAgent?: object) {
  const config = configOf(turnAgent);
  if (config) return config.settings.get(key) ?? null;
  const query = prepared(deps.db, "platform-setting", (d) =>
    d.select().from(platformSettings).where(eq(platformSettings.key, sql.placeholder("key"))).prepare(),
  );
  const [row] = await query.all({ key });
  return row ?? null;
}

/**
 * The setting with secrets decrypted (server-side use only); null when never saved. `turnAgent`:
 * the agent object of the turn asking (its tool providers), to use the turn's validated copy.
 */
export async function getPlatformSetting<T extends Record<string, unknown>>(deps: AppDeps, key: PlatformSettingKey, turnAgent?: object): Promise<T | null> {
  const row = await readRow(deps, key, turnAgent);
  if (!row) return null;
  const out: Record<string, unknown> = { ...row.value };
  for (const field of PLATFORM_SETTING_SECRETS[key]) if (typeof out[field] === "string") out[field] = deps.secrets.decrypt(out[field] as string);
  return out as T;
}

/** What the admin screen sees: secrets replaced by has<Field> flags, plus when it was saved. */
export async function publicPlatformSetting(deps: AppDeps, key: PlatformSettingKey) {
  const row = await readRow(deps, key);
  const value: Record<string, unknown> = { ...(row?.value ?? {}) };
  for (const field of PLATFORM_SETTING_SECRETS[key]) {
    value[`has${field[0]?.toUpperCase()}${field.slice(1)}`] = isSet(value[field]);
    delete value[field];
  }
  return { value, updatedAt: row?.updatedAt ?? null };
}

/**
 * Saves an already validated value. A secret left empty keeps the stored one (the form never
 * shows it back), so an admin can change other fields without retyping the secret.
 */
export async function savePlatformSetting(deps: AppDeps, key: PlatformSettingKey, value: Record<string, unknown>, userId: string | null) {
  const previous = await readRow(deps, key);
  const sealed: Record<string, unknown> = { ...value };
  for (const field of PLATFORM_SETTING_SECRETS[key]) {
    if (isSet(value[field])) sealed[field] = deps.secrets.encrypt(String(value[field]));
    else if (previous && isSet(previous.value[field])) sealed[field] = previous.value[field];
    else delete sealed[field];
  }
  await deps.db
    .insert(platformSettings)
    .values({ key, value: sealed, updatedByUserId: userId })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: sealed, updatedByUserId: userId, updatedAt: Date.now() } });
  return publicPlatformSetting(deps, key);
}
