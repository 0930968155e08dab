/**
 * A custom list's leads from a CSV (papaparse): the user maps columns to fields; rows become leads
 * through the same dedupe as a search (phone within the list). Small files (≤ 2 MB, 5,000 rows),
 * written in one request with the per-row outcome counted.
 */
import Papa from "papaparse";
import { AppError } from "../../lib/errors";
import { LEAD_LIMITS, type leadCsvFields } from "../../schemas/campaigns/leads";
import { CSV_PARSE_CONFIG } from "../../schemas/crm/imports";
import type { InboxWriterScope } from "../access";
import type { ServiceContext } from "../context";
import { scopedLeadList } from "./lead-lists";
import { type LeadCandidate, insertLeads } from "./lead-write";

type Mapping = Record<string, (typeof leadCsvFields)[number]>;

/** Pure: the rows as candidates, and how many lacked a business name. */
export function leadsFromCsv(csv: string, mapping: Mapping): { candidates: LeadCandidate[]; invalid: number } {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { ...CSV_PARSE_CONFIG, delimiter: "", preview: LEAD_LIMITS.csvMaxRows + 2 });
  const [header, ...data] = parsed.data;
  if (!header || data.length === 0) throw new AppError("VALIDATION", "O arquivo não tem linhas de dados", { field: "csv" });
  if (data.length > LEAD_LIMITS.csvMaxRows) throw new AppError("VALIDATION", `O arquivo tem mais de ${LEAD_LIMITS.csvMaxRows} linhas`, { field: "csv" });
  if (Object.keys(mapping).some((c) => Number(c) >= header.length)) throw new AppError("VALIDATION", "A coluna escolhida não existe no arquivo", { field: "mapping" });
  const candidates: LeadCandidate[] = [];
  let invalid = 0;
  for (const cells of data) {
    const c: Record<string, string> = {};
    for (const [col, field] of Object.entries(mapping)) c[field] = (cells[Number(col)] ?? "").trim();
    if (!c.businessName || c.businessName.length < 2) {
      invalid++;
      continue;
    }
    candidates.push({ businessName: c.businessName, phone: c.phone, email: c.email, website: c.website, category: c.category, address: c.address, city: c.city });
  }
  return { candidates, invalid };
}

export async function importLeadsCsv(ctx: ServiceContext, scope: InboxWriterScope, input: { listId: string; csv: string; mapping: Mapping }) {
  const list = await scopedLeadList(ctx.db, scope.id, input.listId);
  const { candidates, invalid } = leadsFromCsv(input.csv, input.mapping);
  const written = await insertLeads(ctx.db, { workspaceId: scope.id, listId: list.id, searchId: null }, candidates, ctx.now());
  return { added: written.inserted, duplicates: written.skipped, invalid };
}
