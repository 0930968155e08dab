/**
 * "Testar conexão": one cheap authenticated read per channel (WhatsApp Cloud phone number,
 * Telegram getMe, UAZAPI instance status, Instagram account). The outcome is kept on the
 * connection (json_set) so the editor shows when it was last checked and how it went.
 */
import { eq, sql } from "drizzle-orm";
import { type WhatsAppCloudStoredConfig, channelConnections } from "../../db/schema";
import { InstagramApiError, getAccount } from "../adapters/instagram/client";
import { TelegramApiError, getMe } from "../adapters/telegram/client";
import { instanceStatus } from "../adapters/uazapi/client";
import { WhatsAppApiError, getPhoneNumber } from "../adapters/whatsapp-cloud/client";
import { instagramTarget, uazapiTarget } from "../channels/targets";
import type { ConnectionRef } from "../schemas/channels";
import type { EditorScope } from "./access";
import { ownedConnection } from "./channel-common";
import { setUazapiSession, uazapiError } from "./channel-uazapi";
import { instagramConfig, telegramConfig, uazapiConfig } from "./channel-view";
import type { AppDeps, ServiceContext } from "./context";

type Row = typeof channelConnections.$inferSelect;
type Outcome = { ok: boolean; message: string };

const detail = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function testWhatsAppCloud(deps: AppDeps, c: WhatsAppCloudStoredConfig): Promise<Outcome> {
  const target = { baseUrl: deps.env.WHATSAPP_GRAPH_BASE, version: deps.env.WHATSAPP_GRAPH_VERSION, phoneNumberId: c.phoneNumberId, accessToken: deps.secrets.decrypt(c.accessToken) };
  try {
    const p = await getPhoneNumber(target);
    const name = p.verifiedName ? ` (${p.verifiedName})` : "";
    return { ok: true, message: `Conexão funcionando: número ${p.displayPhoneNumber ?? p.id}${name}.` };
  } catch (err) {
    if (err instanceof WhatsAppApiError && (err.status === 401 || err.code === 190)) return { ok: false, message: "O WhatsApp recusou o access token." };
    if (err instanceof WhatsAppApiError && err.status === 400) return { ok: false, message: `O WhatsApp não reconheceu o Phone number ID: ${err.message}` };
    return { ok: false, message: `Não foi possível falar com o WhatsApp: ${detail(err)}` };
  }
}

async function testTelegram(deps: AppDeps, row: Row): Promise<Outcome> {
  try {
    const bot = await getMe({ baseUrl: deps.env.TELEGRAM_API_BASE, botToken: deps.secrets.decrypt(telegramConfig(row).botToken) });
    return { ok: true, message: `Conexão funcionando: bot @${bot.username ?? bot.firstName}.` };
  } catch (err) {
    if (err instanceof TelegramApiError && (err.status === 401 || err.status === 404)) return { ok: false, message: "O Telegram recusou o token do bot." };
    return { ok: false, message: `Não foi possível falar com o Telegram: ${detail(err)}` };
  }
}

async function testUazapi(deps: AppDeps, row: Row): Promise<Outcome> {
  try {
    const s = await instanceStatus(uazapiTarget(deps, uazapiConfig(row)));
    await setUazapiSession(deps, row.id, { active: s.status === "connected", phone: s.phoneNumber });
    if (s.status === "connected") return { ok: true, message: `Conexão funcionando: WhatsApp conectado${s.phoneNumber ? ` ao número +${s.phoneNumber}` : ""}.` };
    if (s.status === "connecting") return { ok: false, message: "O servidor respondeu, mas o WhatsApp ainda não foi pareado: leia o QR code." };
    return { ok: false, message: "O servidor respondeu, mas o WhatsApp está desconectado: gere um novo QR code." };
  } catch (err) {
    return { ok: false, message: uazapiError(err, "instance").message };
  }
}

async function testInstagram(deps: AppDeps, row: Row): Promise<Outcome> {
  try {
    const a = await getAccount(instagramTarget(deps, instagramConfig(row)));
    return { ok: true, message: `Conexão funcionando: conta ${a.username ? `@${a.username}` : a.id}.` };
  } catch (err) {
    if (err instanceof InstagramApiError && (err.status === 401 || err.code === 190)) return { ok: false, message: "O Instagram recusou o access token." };
    if (err instanceof InstagramApiError && err.status === 400) return { ok: false, message: `O Instagram não reconheceu a conta: ${err.message}` };
    return { ok: false, message: `Não foi possível falar com o Instagram: ${detail(err)}` };
  }
}

function run(deps: AppDeps, row: Row): Promise<Outcome> {
  if (row.channel === "telegram") return testTelegram(deps, row);
  if (row.channel === "whatsapp_uaz") return testUazapi(deps, row);
  if (row.channel === "instagram") return testInstagram(deps, row);
  return testWhatsAppCloud(deps, row.config);
}

/** Editors only: the check calls the provider with the stored token. Another workspace's id is not found. */
export async function testConnection(ctx: ServiceContext, scope: EditorScope, { id }: ConnectionRef) {
  const row = await ownedConnection(ctx, scope, id);
  const outcome = await run(ctx, row);
  const testedAt = ctx.now();
  await ctx.db
    .update(channelConnections)
    .set({
      config: sql`json_set(${channelConnections.config}, '$.lastTestedAt', ${testedAt}, '$.testStatus', ${outcome.ok ? "ok" : "error"}, '$.testMessage', ${outcome.message})`,
    })
    .where(eq(channelConnections.id, row.id));
  return { ...outcome, testedAt };
}
