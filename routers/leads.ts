import {
  deleteLeadsInput,
  exportToCampaignInput,
  googlePlacesKeyInput,
  googlePlacesTestInput,
  importLeadsCsvInput,
  leadIdInput,
  leadListIdInput,
  leadListInput,
  leadSearchIdInput,
  leadSelection,
  listLeadListsInput,
  listLeadSearchesInput,
  listLeadsInput,
  startLeadSearchInput,
  updateLeadInput,
  updateLeadListInput,
} from "../src/schemas/campaigns/leads";
import { CAMPAIGNS_READ_ONLY } from "../src/schemas/permissions";
import { importLeadsCsv } from "../src/services/leads/lead-csv";
import { exportLeadsCsv, exportLeadsToCampaignList, exportLeadsToContacts } from "../src/services/leads/lead-export";
import { createLeadList, deleteLeadList, getLeadList, listLeadLists, updateLeadList } from "../src/services/leads/lead-lists";
import { cancelLeadSearch, getLeadSearch, listLeadSearches, startLeadSearch } from "../src/services/leads/lead-searches";
import { googlePlacesKeyView, leadSourceStatus, saveGooglePlacesKey, testGooglePlacesKey } from "../src/services/leads/lead-sources";
import { deleteLeads, getLead, listLeads, updateLead } from "../src/services/leads/leads-table";
import { adminProcedure, requirePermission, router, workspaceProcedure } from "./trpc";

const writer = requirePermission("canAnswerConversations", CAMPAIGNS_READ_ONLY);

/** The Leads Hunter (/leads-hunter, /leads-hunter/:listId). */
export const leadsRouter = router({
  /** Which sources can search now (the admin's Google key, the web-search provider). */
  sources: workspaceProcedure.query(({ ctx }) => leadSourceStatus(ctx.deps)),
  lists: router({
    list: workspaceProcedure.input(listLeadListsInput).query(({ ctx, input }) => listLeadLists(ctx.svc, ctx.workspace, input)),
    get: workspaceProcedure.input(leadListIdInput).query(({ ctx, input }) => getLeadList(ctx.svc, ctx.workspace, input.id)),
    create: writer.input(leadListInput).mutation(({ ctx, input }) => createLeadList(ctx.svc, ctx.workspace, input)),
    update: writer.input(updateLeadListInput).mutation(({ ctx, input }) => updateLeadList(ctx.svc, ctx.workspace, input)),
    delete: writer.input(leadListIdInput).mutation(({ ctx, input }) => deleteLeadList(ctx.svc, ctx.workspace, input.id)),
    importCsv: writer.input(importLeadsCsvInput).mutation(({ ctx, input }) => importLeadsCsv(ctx.svc, ctx.workspace, input)),
  }),
  searches: router({
    list: workspaceProcedure.input(listLeadSearchesInput).query(({ ctx, input }) => listLeadSearches(ctx.svc, ctx.workspace, input.listId)),
    get: workspaceProcedure.input(leadSearchIdInput).query(({ ctx, input }) => getLeadSearch(ctx.svc, ctx.workspace, input.id)),
    start: writer.input(startLeadSearchInput).mutation(({ ctx, input }) => startLeadSearch(ctx.svc, ctx.workspace, input)),
    cancel: writer.input(leadSearchIdInput).mutation(({ ctx, input }) => cancelLeadSearch(ctx.svc, ctx.workspace, input.id)),
  }),
  list: workspaceProcedure.input(listLeadsInput).query(({ ctx, input }) => listLeads(ctx.svc, ctx.workspace, input)),
  get: workspaceProcedure.input(leadIdInput).query(({ ctx, input }) => getLead(ctx.svc, ctx.workspace, input.id)),
  update: writer.input(updateLeadInput).mutation(({ ctx, input }) => updateLead(ctx.svc, ctx.workspace, input)),
  delete: writer.input(deleteLeadsInput).mutation(({ ctx, input }) => deleteLeads(ctx.svc, ctx.workspace, input)),
  exportToContacts: writer.input(leadSelection).mutation(({ ctx, input }) => exportLeadsToContacts(ctx.svc, ctx.workspace, input)),
  exportToCampaignList: writer.input(exportToCampaignInput).mutation(({ ctx, input }) => exportLeadsToCampaignList(ctx.svc, ctx.workspace, input)),
  /** A query: it reads only, and a viewer may download what it can see. */
  exportCsv: workspaceProcedure.input(leadSelection).query(({ ctx, input }) => exportLeadsCsv(ctx.svc, ctx.workspace, input)),
  /** The admin's Google Places key (platform-wide, encrypted, never sent back). */
  googleKey: router({
    get: adminProcedure.query(({ ctx }) => googlePlacesKeyView(ctx.deps)),
    save: adminProcedure.input(googlePlacesKeyInput).mutation(({ ctx, input }) => saveGooglePlacesKey(ctx.deps, input, ctx.session.user.id)),
    test: adminProcedure.input(googlePlacesTestInput).mutation(({ ctx, input }) => testGooglePlacesKey(ctx.deps, input.apiKey || undefined)),
  }),
});
