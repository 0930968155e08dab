import { CRM_READ_ONLY } from "../src/schemas/permissions";
import {
  contactVariablesInput,
  createVariableDefinitionInput,
  deleteContactVariableInput,
  setContactVariableInput,
  updateVariableDefinitionInput,
  variableDefinitionIdInput,
} from "../src/schemas/crm/variables";
import {
  createDefinition,
  deleteContactVariable,
  deleteDefinition,
  listContactVariables,
  listDefinitions,
  setContactVariable,
  updateDefinition,
} from "../src/services/crm/variables";
import { requirePermission, router, workspaceProcedure } from "./trpc";

/**
 * Definitions are CRM data the whole team works with (like contacts), not workspace settings:
 * every role but viewer may change them (canAnswerConversations), viewers read only.
 */
const crmWriter = requirePermission("canAnswerConversations", CRM_READ_ONLY);

/** Variable definitions and contact variables of the current workspace: issue 14. */
export const variablesRouter = router({
  definitions: router({
    list: workspaceProcedure.query(({ ctx }) => listDefinitions(ctx.svc.db, ctx.workspace)),
    create: crmWriter.input(createVariableDefinitionInput).mutation(({ ctx, input }) => createDefinition(ctx.svc.db, ctx.workspace, input)),
    update: crmWriter.input(updateVariableDefinitionInput).mutation(({ ctx, input }) => updateDefinition(ctx.svc.db, ctx.workspace, input)),
    delete: crmWriter.input(variableDefinitionIdInput).mutation(({ ctx, input }) => deleteDefinition(ctx.svc.db, ctx.workspace, input.id)),
  }),
  contact: router({
    list: workspaceProcedure.input(contactVariablesInput).query(({ ctx, input }) => listContactVariables(ctx.svc.db, ctx.workspace, input.contactId)),
    set: crmWriter.input(setContactVariableInput).mutation(({ ctx, input }) => setContactVariable(ctx.svc.db, ctx.workspace, input)),
    delete: crmWriter.input(deleteContactVariableInput).mutation(({ ctx, input }) => deleteContactVariable(ctx.svc.db, ctx.workspace, input)),
  }),
});
