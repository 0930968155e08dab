import {
  addFromContactsInput,
  addFromCsvInput,
  addFromLeadListInput,
  addNumbersInput,
  addOptOutInput,
  campaignListIdInput,
  createCampaignListInput,
  exportMembersInput,
  listCampaignListsInput,
  listMembersInput,
  listOptOutsInput,
  removeMembersInput,
  removeOptOutInput,
  updateCampaignListInput,
} from "../src/schemas/campaigns/lists";
import { CAMPAIGNS_READ_ONLY } from "../src/schemas/permissions";
import {
  createCampaignList,
  deleteCampaignList,
  getCampaignList,
  listCampaignLists,
  listCampaignMembers,
  removeCampaignMembers,
  updateCampaignList,
} from "../src/services/campaigns/lists";
import { exportCampaignMembersCsv } from "../src/services/campaigns/lists-export";
import { addFromContacts, addFromCsv, addFromLeadList, addTypedNumbers } from "../src/services/campaigns/lists-fill";
import { addOptOut, listOptOuts, removeOptOut } from "../src/services/campaigns/opt-outs";
import { requirePermission, router, workspaceProcedure } from "./trpc";

/** Changing lists, members or opt-outs is for every role but viewer. */
const writer = requirePermission("canAnswerConversations", CAMPAIGNS_READ_ONLY);

/** Numbers that asked not to be contacted ("Descadastrados"). */
const optOutsRouter = router({
  list: workspaceProcedure.input(listOptOutsInput).query(({ ctx, input }) => listOptOuts(ctx.svc, ctx.workspace, input)),
  add: writer.input(addOptOutInput).mutation(({ ctx, input }) => addOptOut(ctx.svc, ctx.workspace, input.phone)),
  remove: writer.input(removeOptOutInput).mutation(({ ctx, input }) => removeOptOut(ctx.svc, ctx.workspace, input.phone)),
});

/** Campaign lists and their members (/campanhas, "Listas"): nested as campaigns.lists. */
export const campaignListsRouter = router({
  list: workspaceProcedure.input(listCampaignListsInput).query(({ ctx, input }) => listCampaignLists(ctx.svc, ctx.workspace, input)),
  get: workspaceProcedure.input(campaignListIdInput).query(({ ctx, input }) => getCampaignList(ctx.svc, ctx.workspace, input.id)),
  create: writer.input(createCampaignListInput).mutation(({ ctx, input }) => createCampaignList(ctx.svc, ctx.workspace, input)),
  update: writer.input(updateCampaignListInput).mutation(({ ctx, input }) => updateCampaignList(ctx.svc, ctx.workspace, input)),
  delete: writer.input(campaignListIdInput).mutation(({ ctx, input }) => deleteCampaignList(ctx.svc, ctx.workspace, input.id)),
  members: workspaceProcedure.input(listMembersInput).query(({ ctx, input }) => listCampaignMembers(ctx.svc, ctx.workspace, input)),
  removeMembers: writer.input(removeMembersInput).mutation(({ ctx, input }) => removeCampaignMembers(ctx.svc, ctx.workspace, input)),
  addNumbers: writer.input(addNumbersInput).mutation(({ ctx, input }) => addTypedNumbers(ctx.svc, ctx.workspace, input)),
  addFromContacts: writer.input(addFromContactsInput).mutation(({ ctx, input }) => addFromContacts(ctx.svc, ctx.workspace, input)),
  addFromCsv: writer.input(addFromCsvInput).mutation(({ ctx, input }) => addFromCsv(ctx.svc, ctx.workspace, input)),
  addFromLeadList: writer.input(addFromLeadListInput).mutation(({ ctx, input }) => addFromLeadList(ctx.svc, ctx.workspace, input)),
  /** CSV text (the members' data leaves the app: read-only members may export, as /contatos allows). */
  exportCsv: workspaceProcedure.input(exportMembersInput).query(({ ctx, input }) => exportCampaignMembersCsv(ctx.svc, ctx.workspace, input.listId)),
  optOuts: optOutsRouter,
});
