import Papa from "papaparse";
import type { DbOrTx } from "../../../db/client";
import { STATEMENT_ACTION_LABEL, STATEMENT_CSV_MAX_ROWS, type StatementAction, type StatementCursor, type StatementEntry, type StatementFilter } from "../../schemas/billing/statement";
import { MILLI } from "../credits";
import { listStatement } from "./statement";

/** Rows read per page: a few short indexed reads each, so an export never holds the database. */
const PAGE = 1000;
const BOM = "\uFEFF";
/** `;` and decimal commas: Excel in Brazil opens the file in columns with a double click. */
const DELIMITER = ";";
export const STATEMENT_CSV_HEADER = ["Data", "Tipo", "Agente", "Ação", "Descrição", "Tokens", "Créditos", "Custo (R$)"];

const spTime = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit" });
const decimal = (n: number, digits: number) => n.toFixed(digits).replace(".", ",");

function line(e: StatementEntry): string[] {
  const credits = (e.kind === "debit" ? -e.creditsMilli : e.creditsMilli) / MILLI;
  return [
    spTime.format(e.at).replace(",", ""),
    e.kind === "debit" ? "Débito" : "Crédito",
    e.agentName ?? "",
    STATEMENT_ACTION_LABEL[e.action as StatementAction] ?? e.action,
    e.description,
    String(e.tokens),
    decimal(credits, 3),
    decimal(e.costBrl, 4),
  ];
}

// Agent names and grant notes are typed by people: a leading = + - @ would be a spreadsheet formula.
const unparse = (rows: string[][]) => Papa.unparse(rows, { delimiter: DELIMITER, newline: "\r\n", escapeFormulae: /^(?:[=@\t\r]|[+-](?![\d\s,.-]*$))/ });

/**
 * The filtered statement as CSV (UTF-8 with BOM), newest first, paged by keyset as the reader
 * pulls, and cut at STATEMENT_CSV_MAX_ROWS rows (a last line says so).
 */
export function exportStatementCsv(db: DbOrTx, workspaceId: string, filter: StatementFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: StatementCursor | null = null;
  let started = false;
  let written = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${BOM}${unparse([STATEMENT_CSV_HEADER])}\r\n`));
        return;
      }
      const limit = Math.min(PAGE, STATEMENT_CSV_MAX_ROWS - written);
      const page = await listStatement(db, workspaceId, { filter, cursor, limit });
      if (page.items.length) controller.enqueue(encoder.encode(`${unparse(page.items.map(line))}\r\n`));
      written += page.items.length;
      if (!page.nextCursor) return controller.close();
      if (written >= STATEMENT_CSV_MAX_ROWS) {
        controller.enqueue(encoder.encode(`${unparse([[`Exportação limitada a ${STATEMENT_CSV_MAX_ROWS.toLocaleString("pt-BR")} linhas: reduza o período.`]])}\r\n`));
        return controller.close();
      }
      cursor = page.nextCursor;
    },
  });
}

/** extrato-creditos-AAAA-MM-DD-a-AAAA-MM-DD.csv */
export const statementFileName = (f: StatementFilter) => `extrato-creditos-${f.from}-a-${f.to}.csv`;
