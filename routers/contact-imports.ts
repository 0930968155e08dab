import { CRM_READ_ONLY } from "../src/schemas/permissions";
import { importIdInput } from "../src/schemas/crm/imports";
import { cancelContactImport, getContactImport, listContactImports } from "../src/services/crm/contact-imports";
import { requirePermission, router, workspaceProcedure } from "./trpc";

const crmWriter = requirePermission("canAnswerConversations", CRM_READ_ONLY);

/**
 * CSV imports of contacts (contacts.imports.*). The file itself goes up through REST
 * (POST /api/v1/contacts/imports, multipart); these read the progress and report, and cancel.
 */
export const contactImportsRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listContactImports(ctx.svc, ctx.workspace)),
  get: workspaceProcedure.input(importIdInput).query(({ ctx, input }) => getContactImport(ctx.svc, ctx.workspace, input.id)),
  cancel: crmWriter.input(importIdInput).mutation(({ ctx, input }) => cancelContactImport(ctx.svc, ctx.workspace, input.id)),
});
