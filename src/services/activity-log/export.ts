import Papa from "papaparse";
import { ACTIVITY_CATEGORY_LABEL, type ActivityCategoryKey, type LogsFilter, activityTitle } from "../../schemas/activity";
import type { ServiceContext, WorkspaceScope } from "../context";
import { checkedScope } from "./filter";
import { type LogCursor, checkFilterRefs, readPage } from "./queries";

/** Lines read per page: one short indexed read each, so an export never holds the database. */
export const LOG_EXPORT_PAGE = 1000;
const BOM = "\uFEFF";

export const LOG_EXPORT_HEADER = ["Data e hora", "Pessoa", "E-mail", "Categoria", "Ação", "Descrição", "Agente", "Recurso", "Endereço IP", "Valores anteriores", "Valores novos"];

const spTime = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" });
const json = (v: unknown) => (v === null || v === undefined ? "" : JSON.stringify(v));

type Line = Awaited<ReturnType<typeof readPage>>[number];
function cells(r: Line): string[] {
  return [
    spTime.format(r.createdAt).replace(",", ""),
    r.firstName ? `${r.firstName} ${r.lastName ?? ""}`.trim() : "",
    r.email ?? "",
    ACTIVITY_CATEGORY_LABEL[r.category as ActivityCategoryKey] ?? r.category,
    activityTitle(r.action, null),
    r.description ?? "",
    r.agentName ?? "",
    r.resourceType ? `${r.resourceType}${r.resourceId ? ` ${r.resourceId}` : ""}` : "",
    r.ipAddress ?? "",
    json(r.oldValues),
    json(r.newValues),
  ];
}

/** A cell a spreadsheet would run as a formula (CSV injection) gets a leading apostrophe. */
const FORMULA = /^[=+\-@\t\r]/;
const unparse = (rows: string[][]) => Papa.unparse(rows, { delimiter: ";", newline: "\r\n", escapeFormulae: FORMULA });

/**
 * The filtered lines as CSV (`;`, UTF-8 with BOM so Excel in Brazil opens it in columns), newest
 * first, paged by keyset as the reader pulls. Access is checked before the first byte.
 */
export async function exportLogsCsv(ctx: ServiceContext, scope: WorkspaceScope, userId: string, filter: LogsFilter): Promise<ReadableStream<Uint8Array>> {
  checkedScope(scope, filter);
  await checkFilterRefs(ctx, scope, filter);
  const encoder = new TextEncoder();
  let cursor: LogCursor | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${BOM}${unparse([LOG_EXPORT_HEADER])}\r\n`));
        return;
      }
      const page = await readPage(ctx, scope, userId, filter, LOG_EXPORT_PAGE, cursor);
      if (page.length) controller.enqueue(encoder.encode(`${unparse(page.map(cells))}\r\n`));
      const last = page[page.length - 1];
      if (!last || page.length < LOG_EXPORT_PAGE) controller.close();
      else cursor = { createdAt: last.createdAt, seq: last.seq };
    },
  });
}

/** atividades-AAAA-MM-DD.csv, the day in São Paulo. */
export function logsExportFileName(now: number): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `atividades-${day}.csv`;
}
