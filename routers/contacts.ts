import {
  bulkContactsInput,
  contactListIdInput,
  contactTimelineInput,
  createContactListInput,
  eraseContactInput,
  renameContactListInput,
} from "../src/schemas/crm/contact-actions";
import { contactIdInput, createContactInput, listContactsInput, updateContactInput } from "../src/schemas/crm/contacts";
import { CRM_READ_ONLY } from "../src/schemas/permissions";
import { eraseContact, exportContactData } from "../src/services/crm/contact-lgpd";
import { bulkContacts, createContactList, deleteContactList, listContactLists, renameContactList } from "../src/services/crm/contact-lists";
import { contactTimeline } from "../src/services/crm/contact-timeline";
import { createContact, deleteContact, getContact, updateContact } from "../src/services/crm/contacts";
import { listContacts } from "../src/services/crm/contacts-list";
import { contactImportsRouter } from "./contact-imports";
import { requirePermission, router, workspaceProcedure } from "./trpc";

/** Reading contacts is for every member; changing them is not for viewers. */
const crmWriter = requirePermission("canAnswerConversations", CRM_READ_ONLY);

/** Contact lists for campaigns ("adicionar à lista"). */
const listsRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listContactLists(ctx.svc, ctx.workspace)),
  create: crmWriter.input(createContactListInput).mutation(({ ctx, input }) => createContactList(ctx.svc, ctx.workspace, input)),
  rename: crmWriter.input(renameContactListInput).mutation(({ ctx, input }) => renameContactList(ctx.svc, ctx.workspace, input)),
  delete: crmWriter.input(contactListIdInput).mutation(({ ctx, input }) => deleteContactList(ctx.svc, ctx.workspace, input.id)),
});

/** The contacts of the current workspace (/contatos). */
export const contactsRouter = router({
  list: workspaceProcedure.input(listContactsInput).query(({ ctx, input }) => listContacts(ctx.svc, ctx.workspace, input)),
  get: workspaceProcedure.input(contactIdInput).query(({ ctx, input }) => getContact(ctx.svc, ctx.workspace, input.id)),
  timeline: workspaceProcedure.input(contactTimelineInput).query(({ ctx, input }) => contactTimeline(ctx.svc, ctx.workspace, input)),
  create: crmWriter.input(createContactInput).mutation(({ ctx, input }) => createContact(ctx.svc, ctx.workspace, input)),
  update: crmWriter.input(updateContactInput).mutation(({ ctx, input }) => updateContact(ctx.svc, ctx.workspace, input)),
  delete: crmWriter.input(contactIdInput).mutation(({ ctx, input }) => deleteContact(ctx.svc, ctx.workspace, input.id)),
  bulk: crmWriter.input(bulkContactsInput).mutation(({ ctx, input }) => bulkContacts(ctx.svc, ctx.workspace, input)),
  lists: listsRouter,
  /** LGPD: the contact's data as JSON (staff who may change contacts), and erasure (owner only, in the service). */
  exportData: crmWriter.input(contactIdInput).query(({ ctx, input }) => exportContactData(ctx.svc, ctx.workspace, input.id)),
  erase: crmWriter.input(eraseContactInput).mutation(({ ctx, input }) => eraseContact(ctx.svc, ctx.workspace, input)),
  imports: contactImportsRouter,
});
