import {
  connectInstagramInput,
  connectTelegramInput,
  connectUazapiInput,
  connectWhatsAppInput,
  connectionIdInput,
  listConnectionsInput,
  uazapiPairInput,
  updateInstagramInput,
  updateWhatsAppInput,
} from "../src/schemas/channels";
import { connectInstagram, updateInstagram } from "../src/services/channel-instagram";
import { testConnection } from "../src/services/channel-test";
import { connectUazapi, uazapiPair, uazapiStatus } from "../src/services/channel-uazapi";
import { instagramWebhookUrl } from "../src/services/channel-view";
import { connectTelegram, connectWhatsApp, disconnectChannel, listConnections, updateWhatsApp, whatsappWebhookUrl } from "../src/services/channels";
import { connectUazapiPlatformInput } from "../src/schemas/admin-platform";
import { connectUazapiViaPlatform, platformGatewayInfo } from "../src/services/admin/platform/uazapi";
import { editorProcedure, router, workspaceProcedure } from "./trpc";

/**
 * The editor's "Canais" section. Members read the connections (no secrets); everything that
 * changes one, calls the provider with its stored token or shows a pairing QR code is for editors.
 */
export const channelsRouter = router({
  list: workspaceProcedure.input(listConnectionsInput).query(({ ctx, input }) => listConnections(ctx.svc, ctx.workspace, input)),
  webhookUrl: workspaceProcedure.query(({ ctx }) => ({ whatsapp: whatsappWebhookUrl(ctx.deps), instagram: instagramWebhookUrl(ctx.deps) })),
  connectWhatsApp: editorProcedure.input(connectWhatsAppInput).mutation(({ ctx, input }) => connectWhatsApp(ctx.svc, ctx.workspace, input)),
  connectTelegram: editorProcedure.input(connectTelegramInput).mutation(({ ctx, input }) => connectTelegram(ctx.svc, ctx.workspace, input)),
  updateWhatsApp: editorProcedure.input(updateWhatsAppInput).mutation(({ ctx, input }) => updateWhatsApp(ctx.svc, ctx.workspace, input)),
  connectUazapi: editorProcedure.input(connectUazapiInput).mutation(({ ctx, input }) => connectUazapi(ctx.svc, ctx.workspace, input)),
  /** The platform's own-server gateway as this workspace sees it: offered or not, its instance limit and use (issue 17). */
  uazapiPlatform: workspaceProcedure.query(({ ctx }) => platformGatewayInfo(ctx.svc, ctx.workspace.id)),
  connectUazapiPlatform: editorProcedure.input(connectUazapiPlatformInput).mutation(({ ctx, input }) => connectUazapiViaPlatform(ctx.svc, ctx.workspace, input)),
  uazapiPair: editorProcedure.input(uazapiPairInput).mutation(({ ctx, input }) => uazapiPair(ctx.svc, ctx.workspace, input)),
  uazapiStatus: editorProcedure.input(connectionIdInput).query(({ ctx, input }) => uazapiStatus(ctx.svc, ctx.workspace, input)),
  connectInstagram: editorProcedure.input(connectInstagramInput).mutation(({ ctx, input }) => connectInstagram(ctx.svc, ctx.workspace, input)),
  updateInstagram: editorProcedure.input(updateInstagramInput).mutation(({ ctx, input }) => updateInstagram(ctx.svc, ctx.workspace, input)),
  test: editorProcedure.input(connectionIdInput).mutation(({ ctx, input }) => testConnection(ctx.svc, ctx.workspace, input)),
  disconnect: editorProcedure.input(connectionIdInput).mutation(({ ctx, input }) => disconnectChannel(ctx.svc, ctx.workspace, input)),
});
