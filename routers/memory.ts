import { createMemoryInput, listSummariesInput, memoryContactInput, memoryIdInput, summarizeInput, updateMemoryInput } from "../src/schemas/memory";
import { CRM_READ_ONLY } from "../src/schemas/permissions";
import { createMemory, deleteMemory, listMemories, listSummaries, summarizeOnRequest, updateMemory } from "../src/services/memory/memories";
import { requirePermission, router, workspaceProcedure } from "./trpc";

/** A contact's memory is CRM data: changed with the contacts' flag (viewers refused with the CRM's words). */
const crmWriter = requirePermission("canAnswerConversations", CRM_READ_ONLY);
/** "Gerar resumo" is an inbox action (and may spend credits): the inbox's answer permission. */
const inboxWriter = requirePermission("canAnswerConversations");

/** Contact memories and conversation summaries (issue 18). */
export const memoryRouter = router({
  list: workspaceProcedure.input(memoryContactInput).query(({ ctx, input }) => listMemories(ctx.svc, ctx.workspace, input.contactId)),
  create: crmWriter.input(createMemoryInput).mutation(({ ctx, input }) => createMemory(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  update: crmWriter.input(updateMemoryInput).mutation(({ ctx, input }) => updateMemory(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  delete: crmWriter.input(memoryIdInput).mutation(({ ctx, input }) => deleteMemory(ctx.svc, ctx.workspace, ctx.session.user.id, input.id)),
  summaries: workspaceProcedure.input(listSummariesInput).query(({ ctx, input }) => listSummaries(ctx.svc, ctx.workspace, input)),
  summarize: inboxWriter.input(summarizeInput).mutation(({ ctx, input }) => summarizeOnRequest(ctx.svc, ctx.workspace, ctx.session.user.id, input.conversationId)),
});
