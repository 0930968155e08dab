/**
 * Leads out of the Leads Hunter: into the CRM (a contact matched by phone/e-mail or created, source
 * "leads"), into a campaign list (LISTS' addCampaignListMembers: dedupe, opt-outs), or as a CSV.
 * The selection is the chosen ids, or every lead matching the table's filters.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import Papa from "papaparse";
import { campaignLists, contacts, leads } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import { LEAD_LIMITS, LEAD_STATUS_LABEL, type LeadFilters } from "../../schemas/campaigns/leads";
import { formatPhone } from "../../schemas/crm/normalize";
import type { InboxWriterScope } from "../access";
import { addCampaignListMembers } from "../campaigns/list-members";
import type { ServiceContext, WorkspaceScope } from "../context";
import { matchOrCreateContact } from "../crm/contact-match";
import { scopedLeadList } from "./lead-lists";
import { type LeadRow, leadsWhere } from "./leads-table";

type Selection = { listId: string; ids?: string[] | undefined; filters: LeadFilters };

async function selectedLeads(ctx: ServiceContext, scope: WorkspaceScope, sel: Selection): Promise<LeadRow[]> {
  await scopedLeadList(ctx.db, scope.id, sel.listId);
  const where = leadsWhere(scope.id, sel.listId, sel.filters);
  const rows = await ctx.db
    .select()
    .from(leads)
    .where(sel.ids ? and(where, inArray(leads.id, sel.ids)) : where)
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(LEAD_LIMITS.exportMax);
  if (rows.length === 0) throw new AppError("VALIDATION", "Nenhum lead selecionado para exportar");
  return rows;
}

/** Each lead becomes (or finds) a contact; a lead already exported keeps its contact. */
export async function exportLeadsToContacts(ctx: ServiceContext, scope: InboxWriterScope, sel: Selection) {
  const rows = await selectedLeads(ctx, scope, sel);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    let created = 0;
    let matched = 0;
    let already = 0;
    for (const l of rows) {
      if (l.contactId) {
        already++;
        continue;
      }
      const r = await matchOrCreateContact(tx, { workspaceId: scope.id, name: l.businessName, phone: l.phone, email: l.email, source: "leads", now });
      if (r.created) {
        created++;
        // A new contact takes the business data the lead carries (a matched one keeps its own).
        await tx
          .update(contacts)
          .set({ companyName: l.businessName, website: l.website, address: l.address, city: l.city, isValidWhatsApp: l.isValidWhatsApp, lastContactAt: null })
          .where(eq(contacts.id, r.contactId));
      } else matched++;
      await tx.update(leads).set({ contactId: r.contactId, exportedToContactsAt: now }).where(eq(leads.id, l.id));
    }
    return { created, matched, already, total: rows.length };
  });
}

/** Into a campaign list of the workspace; leads without a phone are counted as invalid there. */
export async function exportLeadsToCampaignList(ctx: ServiceContext, scope: InboxWriterScope, sel: Selection & { campaignListId: string }) {
  const [list] = await ctx.db
    .select({ id: campaignLists.id })
    .from(campaignLists)
    .where(and(eq(campaignLists.id, sel.campaignListId), eq(campaignLists.workspaceId, scope.id)))
    .limit(1);
  if (!list) throw new AppError("NOT_FOUND", "Lista de campanha não encontrada");
  const rows = await selectedLeads(ctx, scope, sel);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const members = rows.map((l) => ({ name: l.businessName, phone: l.phone ?? "", company: l.businessName, city: l.city, contactId: l.contactId, leadId: l.id }));
    const outcome = await addCampaignListMembers(tx, scope.id, list.id, members, "leads");
    const withPhone = rows.filter((l) => l.phone).map((l) => l.id);
    if (withPhone.length) await tx.update(leads).set({ exportedToCampaignAt: now }).where(inArray(leads.id, withPhone));
    return { ...outcome, total: rows.length };
  });
}

const CSV_HEADER = ["Empresa", "Categoria", "Telefone", "WhatsApp válido", "E-mail", "Site", "Endereço", "Cidade", "Nota", "Avaliações", "Mapa", "Instagram", "LinkedIn", "Status"];

/** `;`-separated with a BOM (Excel in Brazil opens it in columns); formula-looking cells neutralised. */
export async function exportLeadsCsv(ctx: ServiceContext, scope: WorkspaceScope, sel: Selection) {
  const list = await scopedLeadList(ctx.db, scope.id, sel.listId);
  const rows = await selectedLeads(ctx, scope, sel);
  const safe = (v: string | number | null | undefined) => {
    const s = v === null || v === undefined ? "" : String(v);
    // A phone ("+55 …") stays as it is; anything else a spreadsheet would run as a formula does not.
    return /^[=@\t\r]|^[+-](?![\d\s(])/.test(s) ? `'${s}` : s;
  };
  const data = rows.map((l) => [
    l.businessName,
    l.category,
    l.phone ? formatPhone(l.phone) : "",
    l.isValidWhatsApp === null ? "" : l.isValidWhatsApp ? "Sim" : "Não",
    l.email,
    l.website,
    l.address,
    l.city,
    l.rating === null ? "" : l.rating.toLocaleString("pt-BR"),
    l.reviewsCount,
    l.mapUrl,
    l.socialProfiles?.instagram,
    l.socialProfiles?.linkedin,
    LEAD_STATUS_LABEL[l.status as keyof typeof LEAD_STATUS_LABEL] ?? l.status,
  ].map(safe));
  const csv = `\uFEFF${Papa.unparse([CSV_HEADER, ...data], { delimiter: ";" })}`;
  const slug = list.name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^\w]+/g, "-").replace(/^-|-$/g, "").toLowerCase() || "leads";
  return { fileName: `leads-${slug}.csv`, csv, count: rows.length };
}
