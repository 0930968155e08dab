/** CSV import helpers: the multipart upload the dialog sends, and waiting for the job to finish. */
import { and, eq } from "drizzle-orm";
import { contacts } from "../../db/schema";
import type { TestApp } from "./app";
import type { Client } from "./client";

export type ImportView = {
  id: string;
  status: string;
  totalRows: number;
  processedRows: number;
  createdCount: number;
  updatedCount: number;
  skippedCount: number;
  failedCount: number;
  error: string | null;
  report: { row: number; message: string }[];
};

export async function uploadCsv(app: TestApp, client: Client, csv: string | Blob, mapping: Record<string, string>, onDuplicate: "update" | "skip" = "skip", name = "contatos.csv") {
  const form = new FormData();
  form.set("file", new File([csv], name, { type: "text/csv" }));
  form.set("mapping", JSON.stringify(mapping));
  form.set("onDuplicate", onDuplicate);
  const res = await client.fetchWithJar(`${app.base}/api/v1/contacts/imports`, { method: "POST", body: form });
  const text = await res.text();
  let body: { data?: { id: string; status: string }; error?: { code: string; message: string } } = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { error: { code: "NOT_JSON", message: text } };
  }
  return { status: res.status, body };
}

/** Polls contacts.imports.get until the job settled (the Worker runs it in the background). */
export async function waitImport(client: Client, id: string, timeoutMs = 20_000): Promise<ImportView> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await client.query<ImportView>("contacts.imports.get", { id });
    if (!res.ok) throw new Error(`imports.get failed: ${JSON.stringify(res.error)}`);
    if (res.data.status !== "pending" && res.data.status !== "running") return res.data;
    await Bun.sleep(50);
  }
  throw new Error(`import ${id} did not finish`);
}

/** Uploads and waits: the finished import, or a thrown error with the refusal. */
export async function importCsv(app: TestApp, client: Client, csv: string, mapping: Record<string, string>, onDuplicate: "update" | "skip" = "skip") {
  const up = await uploadCsv(app, client, csv, mapping, onDuplicate);
  if (up.status !== 201 || !up.body.data) throw new Error(`upload refused: ${up.status} ${JSON.stringify(up.body)}`);
  return waitImport(client, up.body.data.id);
}

export const contactsOf = (app: TestApp, workspaceId: string) => app.deps.db.select().from(contacts).where(eq(contacts.workspaceId, workspaceId));

export async function contactByPhone(app: TestApp, workspaceId: string, phone: string) {
  const [row] = await app.deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.phone, phone)));
  return row;
}
