/** Workspaces, members and contacts for the funnel tests (test/crm-funnel-*.test.ts). */
import { withTransaction } from "../../src/services/context";
import { matchOrCreateContact } from "../../src/services/crm/contact-match";
import type { TestApp } from "./app";
import type { Client, TrpcResult } from "./client";
import { mailedToken, registerUser, uniqueEmail } from "./factories";
import { must } from "./guard-fixtures";

export type Person = { client: Client; userId: string; workspaceId: string };

/** A new user with their own workspace. */
export async function owner(app: TestApp): Promise<Person> {
  const o = await registerUser(app);
  return { client: o.client, userId: o.user.id, workspaceId: String(o.user.currentWorkspaceId) };
}

/** A member of `of`'s workspace with the role given and no extra flags. */
export async function memberOf(app: TestApp, of: Person, role: "viewer" | "member"): Promise<Person> {
  const email = uniqueEmail(role);
  await must(app, of.client, "mutation", "workspaces.members.invite", { email, role, permissions: {} });
  const token = await mailedToken(app, email, "/convite");
  const m = await registerUser(app, { email, firstName: role === "viewer" ? "Vera" : "Marcos", lastName: "Lima" });
  await must(app, m.client, "mutation", "invitations.accept", { token });
  return { client: m.client, userId: m.user.id, workspaceId: of.workspaceId };
}

export async function contactIn(app: TestApp, workspaceId: string, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;
  const { contactId } = await withTransaction(app.deps.db, (tx) => matchOrCreateContact(tx, { workspaceId, name, email, source: "manual" }));
  return contactId;
}

/** The data of a call that must succeed, or a thrown error with the server's answer. */
export function ok<T>(r: TrpcResult<T>, what = "call"): T {
  if (!r.ok) throw new Error(`${what} failed: ${r.status} ${r.error?.message}`);
  return r.data;
}
