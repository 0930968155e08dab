import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import Papa from "papaparse";
import { useEffect } from "react";
import type { AppRouter } from "../../../../../routers/_app";
import { CONTACT_IMPORT_LIMITS, CSV_PARSE_CONFIG, IMPORT_ERRORS, type ImportMapping, decodeCsvBytes } from "../../../../../src/schemas/crm/imports";
import { api } from "../../../../lib/http";
import { trpc } from "../../../../lib/trpc";

type Outputs = inferRouterOutputs<AppRouter>;
export type ContactImport = Outputs["contacts"]["imports"]["get"];
export type ContactImportSummary = Outputs["contacts"]["imports"]["list"][number];

/** The job reports progress per chunk of rows: the dialog re-reads the import this often while it runs. */
export const IMPORT_POLL_MS = 800;

export const isLive = (status: string | undefined) => status === "pending" || status === "running";

/** What the browser learned of the file before sending it: the header, a few rows, how many rows. */
export type ParsedCsv = { file: File; headers: string[]; sample: string[][]; totalRows: number };

/**
 * Reads the chosen file like the server will (same decoding and papaparse settings) and refuses
 * what the server would refuse, with the same pt-BR messages, before anything is uploaded.
 */
export async function parseCsvFile(file: File): Promise<ParsedCsv> {
  if (file.size > CONTACT_IMPORT_LIMITS.maxBytes) throw new Error(IMPORT_ERRORS.tooLarge);
  const text = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
  if (text === null) throw new Error(IMPORT_ERRORS.notCsv);
  const parsed = Papa.parse<string[]>(text, { ...CSV_PARSE_CONFIG, preview: CONTACT_IMPORT_LIMITS.maxRows + 2 });
  const [headers, ...rows] = parsed.data;
  if (!headers || rows.length === 0) throw new Error(IMPORT_ERRORS.empty);
  if (headers.length > CONTACT_IMPORT_LIMITS.maxColumns) throw new Error(IMPORT_ERRORS.tooManyColumns);
  if (headers.some((h) => h.length > CONTACT_IMPORT_LIMITS.maxHeaderChars)) throw new Error(IMPORT_ERRORS.headerTooLong);
  if (rows.length > CONTACT_IMPORT_LIMITS.maxRows) throw new Error(IMPORT_ERRORS.tooManyRows);
  return { file, headers: headers.map((h, i) => h.trim() || `Coluna ${i + 1}`), sample: rows.slice(0, 5), totalRows: rows.length };
}

/** Multipart POST through lib/http (cookies, x-csrf-token): the server answers the import it queued. */
export function useStartImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { file: File; mapping: ImportMapping; onDuplicate: "update" | "skip" }) => {
      const body = new FormData();
      body.append("file", p.file, p.file.name);
      body.append("mapping", JSON.stringify(p.mapping));
      body.append("onDuplicate", p.onDuplicate);
      return api.post<ContactImportSummary>("/api/v1/contacts/imports", body);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.contacts.imports.list.queryKey() }),
  });
}

/** One import, re-read while its job runs; the contact list refreshes once it has settled. */
export function useImportProgress(id: string | null) {
  const qc = useQueryClient();
  const query = useQuery({
    ...trpc.contacts.imports.get.queryOptions({ id: id ?? "" }, { refetchInterval: (q) => (isLive(q.state.data?.status) ? IMPORT_POLL_MS : false) }),
    enabled: id !== null,
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status && !isLive(status)) {
      void qc.invalidateQueries({ queryKey: trpc.contacts.pathKey() });
    }
  }, [status, qc]);
  return query;
}

export const useRecentImports = (enabled: boolean) => useQuery({ ...trpc.contacts.imports.list.queryOptions(), enabled });

export function useCancelImport() {
  const qc = useQueryClient();
  return useMutation(trpc.contacts.imports.cancel.mutationOptions({ onSuccess: () => void qc.invalidateQueries({ queryKey: trpc.contacts.imports.pathKey() }) }));
}

/** The per-row report as a CSV the user can open in Excel (BOM, `;`). */
export function downloadReport(report: { row: number; message: string }[], fileName: string) {
  const csv = Papa.unparse(
    report.map((r) => [r.row, r.message.replace(/^Linha \d+: /, "")]),
    { delimiter: ";", newline: "\r\n" },
  );
  const blob = new Blob([`\uFEFFLinha;Motivo\r\n${csv}`], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `relatorio-${fileName.replace(/\.csv$/i, "")}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
