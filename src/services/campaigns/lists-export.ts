import { asc, eq } from "drizzle-orm";
import Papa from "papaparse";
import { campaignContacts } from "../../../db/schema";
import { MEMBER_SOURCE_LABEL, VALIDATION_STATUS_LABEL } from "../../schemas/campaigns/lists";
import type { ServiceContext, WorkspaceScope } from "../context";
import { scopedCampaignList } from "./lists";

/** `;` and a BOM: Excel in Brazil opens it in columns with a double click (as the contacts export). */
const DELIMITER = ";";
const BOM = "\uFEFF";
const PAGE = 2000;

/** A cell starting like a formula is prefixed, so a spreadsheet never runs it (CSV injection). */
const safe = (v: string | null | undefined) => (v && /^[=+\-@\t\r]/.test(v) && !/^\+\d+$/.test(v) ? `'${v}` : (v ?? ""));

/** The list's members as CSV (extra columns after the fixed ones), read page by page off the index. */
export async function exportCampaignMembersCsv(ctx: ServiceContext, scope: WorkspaceScope, listId: string) {
  const list = await scopedCampaignList(ctx.db, scope.id, listId);
  const rows: (typeof campaignContacts.$inferSelect)[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await ctx.db
      .select()
      .from(campaignContacts)
      .where(eq(campaignContacts.listId, list.id))
      .orderBy(asc(campaignContacts.createdAt), asc(campaignContacts.id))
      .limit(PAGE)
      .offset(offset);
    rows.push(...page);
    if (page.length < PAGE) break;
  }
  const extraCols = [...new Set(rows.flatMap((r) => Object.keys(r.extra ?? {})))];
  const header = ["Nome", "Telefone", "Empresa", "Cargo", "Cidade", "Origem", "Validação", ...extraCols];
  const data = rows.map((r) => [
    safe(r.name),
    r.phone,
    safe(r.company),
    safe(r.role),
    safe(r.city),
    MEMBER_SOURCE_LABEL[r.source] ?? r.source,
    VALIDATION_STATUS_LABEL[r.validationStatus],
    ...extraCols.map((c) => safe(r.extra?.[c])),
  ]);
  const csv = BOM + Papa.unparse({ fields: header, data }, { delimiter: DELIMITER });
  const slug = list.name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^\w]+/g, "-").replace(/^-|-$/g, "").toLowerCase() || "lista";
  return { filename: `lista-${slug}.csv`, csv, rows: rows.length };
}
