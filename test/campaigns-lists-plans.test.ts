import { afterAll, beforeAll, expect, test } from "bun:test";
import { leadLists, leads } from "../db/schema";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { registerUser } from "./helpers/factories";
import { captureStatements, explain, planProblems, showPlan, uniqueIndexes } from "./helpers/query-plans";

/**
 * Every statement the campaign-list procedures run reads a bounded range (the perf-query-plans
 * rule, checked here on this area alone so it does not wait on the whole drive).
 */
let app: TestApp;
let owner: Client;
let leadListId: string | undefined;

beforeAll(async () => {
  app = await startTestApp();
  const o = await registerUser(app);
  owner = o.client;
  const workspaceId = String(o.user.currentWorkspaceId);
  await owner.mutate("contacts.create", { name: "João Vip", phone: "(11) 98765-1001", tags: ["vip"] });
  const [ll] = await app.deps.db.insert(leadLists).values({ workspaceId, name: "Pets", source: "google_maps" }).returning();
  if (ll) await app.deps.db.insert(leads).values({ workspaceId, listId: ll.id, businessName: "Pet Feliz", phone: "+551932321111", placeId: "p1" });
  leadListId = ll?.id;
}, 60_000);
afterAll(() => app.stop());

test("campaign list procedures read bounded ranges only", async () => {
  const client = app.deps.db.$client;
  const cap = captureStatements(client);
  const ok = async (r: Promise<{ ok: boolean; error: unknown }>) => {
    const got = await r;
    if (!got.ok) throw new Error(JSON.stringify(got.error));
    return got;
  };
  const created = await owner.mutate<{ id: string }>("campaigns.lists.create", { name: "Planos" });
  const listId = created.data.id;
  await ok(owner.mutate("campaigns.lists.addNumbers", { listId, text: "Ana, 11911110001\n11911110002" }));
  await ok(owner.mutate("campaigns.lists.addFromContacts", { listId, filter: { tags: ["vip"], search: "vip" } }));
  await ok(owner.mutate("campaigns.lists.addFromContacts", { listId, filter: { status: "lead" } }));
  await ok(owner.mutate("campaigns.lists.addFromCsv", { listId, csv: "nome,telefone,cupom\nBia,11911110003,X\n", mapping: { name: "nome", phone: "telefone" }, extraColumns: ["cupom"] }));
  await ok(owner.mutate("campaigns.lists.addFromLeadList", { listId, leadListId }));
  await ok(owner.query("campaigns.lists.list", { search: "Pla" }));
  await ok(owner.query("campaigns.lists.get", { id: listId }));
  await ok(owner.query("campaigns.lists.members", { listId, search: "Ana", validationStatus: "pending", page: 2 }));
  await ok(owner.query("campaigns.lists.members", { listId, search: "1111" }));
  await ok(owner.query("campaigns.lists.exportCsv", { listId }));
  await ok(owner.mutate("campaigns.lists.optOuts.add", { phone: "11922220000" }));
  await ok(owner.query("campaigns.lists.optOuts.list", { search: "2222" }));
  await ok(owner.mutate("campaigns.lists.optOuts.remove", { phone: "+5511922220000" }));
  await ok(owner.mutate("campaigns.lists.update", { id: listId, patch: { name: "Planos 2" } }));
  await ok(owner.mutate("campaigns.lists.delete", { id: listId }));
  cap.stop();
  const unique = await uniqueIndexes(client);
  const failures: string[] = [];
  for (const s of cap.statements()) {
    if (!/campaign_|leads|contacts/.test(s.sql)) continue;
    // The list's own row: its members were deleted in bounded batches just before, so the
    // ON DELETE CASCADE line of its plan finds nothing (allowed in perf-query-plans.test.ts too).
    if (s.sql.startsWith('delete from "campaign_lists"')) continue;
    const plan = await explain(client, s);
    const problems = planProblems(s.sql, plan, unique);
    if (problems.length) failures.push(`${s.sql.slice(0, 300)}\n${showPlan(plan)}\n  → ${problems.join("; ")}`);
  }
  if (failures.length) console.log(failures.join("\n\n"));
  expect(failures).toEqual([]);
});
