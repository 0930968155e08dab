import { z } from "zod";
import { testConnection } from "../src/services/channel-test";
import { connectInstagram, updateInstagram } from "../src/services/channel-instagram";
import { connectUazapi, uazapiPair, uazapiStatus } from "../src/services/channel-uazapi";
import { instagramWebhookUrl } from "../src/services/channel-view";
import { connectTelegram, connectWhatsApp, disconnectChannel, listConnections, updateWhatsApp, whatsappWebhookUrl } from "../src/services/channels";
import { router, workspaceProcedure } from "./trpc";

const anyBody = z.unknown();

/** The editor's "Canais" section. Bodies are validated by src/schemas/channels.ts in the service. */
export const channelsRouter = router({
  list: workspaceProcedure.input(anyBody).query(({ ctx, input }) => listConnections(ctx.svc, ctx.workspace, input)),
  webhookUrl: workspaceProcedure.query(({ ctx }) => ({ whatsapp: whatsappWebhookUrl(ctx.deps), instagram: instagramWebhookUrl(ctx.deps) })),
  connectWhatsApp: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => connectWhatsApp(ctx.svc, ctx.workspace, input)),
  connectTelegram: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => connectTelegram(ctx.svc, ctx.workspace, input)),
  updateWhatsApp: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => updateWhatsApp(ctx.svc, ctx.workspace, input)),
  connectUazapi: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => connectUazapi(ctx.svc, ctx.workspace, input)),
  uazapiPair: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => uazapiPair(ctx.svc, ctx.workspace, input)),
  uazapiStatus: workspaceProcedure.input(anyBody).query(({ ctx, input }) => uazapiStatus(ctx.svc, ctx.workspace, input)),
  connectInstagram: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => connectInstagram(ctx.svc, ctx.workspace, input)),
  updateInstagram: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => updateInstagram(ctx.svc, ctx.workspace, input)),
  test: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => testConnection(ctx.svc, ctx.workspace, input)),
  disconnect: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => disconnectChannel(ctx.svc, ctx.workspace, input)),
});
