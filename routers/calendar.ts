import { agentRef } from "../src/schemas/agents";
import { googleCalendarClientInput, saveCalendarSettingsInput } from "../src/schemas/google-calendar";
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
import { adminProcedure, editorProcedure, router, workspaceProcedure } from "./trpc";

/**
 * Google Calendar: the platform OAuth client (admins only) and each agent's connection, settings
 * and event log. Members read the card and the event log; anything that changes it or calls Google
 * with the stored tokens is for editors.
 */

export const calendarRouter = router({
  admin: router({
    get: adminProcedure.query(({ ctx }) => getClientSettings(ctx.deps)),
    save: adminProcedure.input(googleCalendarClientInput).mutation(({ ctx, input }) => saveClientSettings(ctx.deps, ctx.session.user.id, input)),
    test: adminProcedure.mutation(({ ctx }) => testClientSettings(ctx.deps)),
    remove: adminProcedure.mutation(({ ctx }) => removeClientSettings(ctx.deps)),
  }),
  get: workspaceProcedure.input(agentRef).query(({ ctx, input }) => getCalendar(ctx.svc, ctx.workspace, input.agentId)),
  save: editorProcedure.input(saveCalendarSettingsInput).mutation(({ ctx, input }) => saveCalendarSettings(ctx.svc, ctx.workspace, input.agentId, input.settings)),
  /** → { url }: the browser goes to Google's consent screen; Google comes back to the REST callback. */
  connect: editorProcedure.input(agentRef).mutation(({ ctx, input }) => startConnect(ctx.svc, ctx.workspace, input.agentId)),
  calendars: editorProcedure.input(agentRef).query(({ ctx, input }) => listCalendars(ctx.svc, ctx.workspace, input.agentId)),
  test: editorProcedure.input(agentRef).mutation(({ ctx, input }) => testCalendar(ctx.svc, ctx.workspace, input.agentId)),
  disconnect: editorProcedure.input(agentRef).mutation(({ ctx, input }) => disconnectCalendar(ctx.svc, ctx.workspace, input.agentId)),
  events: workspaceProcedure.input(agentRef).query(({ ctx, input }) => listCalendarEvents(ctx.svc, ctx.workspace, input.agentId)),
});
