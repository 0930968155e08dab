import { z } from "zod";
import { connectTelegram, connectWhatsApp, disconnectChannel, listConnections, updateWhatsApp, whatsappWebhookUrl } from "../src/services/channels";
import { router, workspaceProcedure } from "./trpc";

const anyBody = z.unknown();

/** The editor's "Canais" section. Bodies are validated by src/schemas/channels.ts in the service. */
export const channelsRouter = router({
  list: workspaceProcedure.input(anyBody).query(({ ctx, input }) => listConnections(ctx.svc, ctx.workspace, input)),
  webhookUrl: workspaceProcedure.query(({ ctx }) => ({ whatsapp: whatsappWebhookUrl(ctx.deps) })),
  connectWhatsApp: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => connectWhatsApp(ctx.svc, ctx.workspace, input)),
  connectTelegram: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => connectTelegram(ctx.svc, ctx.workspace, input)),
  updateWhatsApp: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => updateWhatsApp(ctx.svc, ctx.workspace, input)),
  disconnect: workspaceProcedure.input(anyBody).mutation(({ ctx, input }) => disconnectChannel(ctx.svc, ctx.workspace, input)),
});
