import { z } from "zod";
import {
  disconnectCalendar,
  getCalendar,
  getClientSettings,
  listCalendarEvents,
  listCalendars,
  removeClientSettings,
  saveCalendarSettings,
  saveClientSettings,
  startConnect,
  testCalendar,
  testClientSettings,
} from "../src/services/google-calendar";
import { adminProcedure, router, workspaceProcedure } from "./trpc";

/**
 * Google Calendar: the platform OAuth client (admins only) and each agent's connection, settings
 * and event log. Bodies are validated by src/schemas/google-calendar.ts inside the services.
 */
const byAgent = z.object({ agentId: z.uuid() });

export const calendarRouter = router({
  admin: router({
    get: adminProcedure.query(({ ctx }) => getClientSettings(ctx.deps)),
    save: adminProcedure.input(z.unknown()).mutation(({ ctx, input }) => saveClientSettings(ctx.deps, ctx.session.user.id, input)),
    test: adminProcedure.mutation(({ ctx }) => testClientSettings(ctx.deps)),
    remove: adminProcedure.mutation(({ ctx }) => removeClientSettings(ctx.deps)),
  }),
  get: workspaceProcedure.input(byAgent).query(({ ctx, input }) => getCalendar(ctx.svc, ctx.workspace, input.agentId)),
  save: workspaceProcedure
    .input(z.object({ agentId: z.uuid(), settings: z.unknown() }))
    .mutation(({ ctx, input }) => saveCalendarSettings(ctx.svc, ctx.workspace, input.agentId, input.settings)),
  /** → { url }: the browser goes to Google's consent screen; Google comes back to the REST callback. */
  connect: workspaceProcedure.input(byAgent).mutation(({ ctx, input }) => startConnect(ctx.svc, ctx.workspace, input.agentId)),
  calendars: workspaceProcedure.input(byAgent).query(({ ctx, input }) => listCalendars(ctx.svc, ctx.workspace, input.agentId)),
  test: workspaceProcedure.input(byAgent).mutation(({ ctx, input }) => testCalendar(ctx.svc, ctx.workspace, input.agentId)),
  disconnect: workspaceProcedure.input(byAgent).mutation(({ ctx, input }) => disconnectCalendar(ctx.svc, ctx.workspace, input.agentId)),
  events: workspaceProcedure.input(byAgent).query(({ ctx, input }) => listCalendarEvents(ctx.svc, ctx.workspace, input.agentId)),
});
