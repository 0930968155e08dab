/**
 * Issue 12 #6: each user's workspace list (the switcher, read by every page) is kept for a burst of
 * requests. Whatever changes it must show on the very next request, for every member it concerns.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { workspaceMembers, workspaces } from "../db/schema";
import { forgetMemberships } from "../src/services/access";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { loginAdmin, mailedToken, registerUser, uniqueEmail } from "./helpers/factories";
import { inviteMember } from "./helpers/training";

type Item = { id: string; name: string; role: string; isCurrent: boolean };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

/** The list as the SPA reads it, asked twice so the second answer surely comes from the burst cache. */
async function workspacesOf(c: Client): Promise<Item[]> {
  await c.trpc.workspaces.list.query();
  const res = await c.trpc.workspaces.list.query();
  expect(res.ok).toBe(true);
  return res.data as Item[];
}
const names = (items: Item[]) => items.map((w) => w.name).sort();

describe("[perf] workspace list burst cache", () => {
  test("a workspace just created is listed at once, and the switch moves the current mark at once", async () => {
    const admin = await loginAdmin(app);
    const before = await workspacesOf(admin.client);
    const created = await admin.client.trpc.workspaces.create.mutate({ name: `Filial ${before.length}` });
    expect(created.ok).toBe(true);
    const after = await workspacesOf(admin.client);
    expect(names(after)).toEqual(names([...before, { name: `Filial ${before.length}` } as Item]));
    // The REST list reads the same rows.
    const rest = await admin.client.get<Item[]>("/api/v1/workspaces");
    expect(rest.data.map((w) => w.id)).toContain(created.data.id);

    expect((await admin.client.trpc.workspaces.switch.mutate({ id: created.data.id })).ok).toBe(true);
    const switched = await workspacesOf(admin.client);
    expect(switched.filter((w) => w.isCurrent).map((w) => w.id)).toEqual([created.data.id]);
  });

  test("an accepted invitation's workspace is in the new member's list at once", async () => {
    const owner = await registerUser(app, { firstName: "Olga" });
    const email = uniqueEmail("convidada");
    expect((await owner.client.trpc.workspaces.members.invite.mutate({ email, role: "member", permissions: {} })).ok).toBe(true);
    const token = await mailedToken(app, email, "/convite");
    const guest = await registerUser(app, { email, firstName: "Gina" });
    expect(names(await workspacesOf(guest.client))).toEqual(["Workspace de Gina"]);
    expect((await guest.client.trpc.invitations.accept.mutate({ token })).ok).toBe(true);
    const after = await workspacesOf(guest.client);
    expect(names(after)).toEqual(["Workspace de Gina", "Workspace de Olga"]);
    expect(after.find((w) => w.name === "Workspace de Olga")?.role).toBe("member");
  });

  test("a rename and a removal written with forgetMemberships show at once to every member", async () => {
    const owner = await registerUser(app, { firstName: "Rita" });
    const wsId = String(owner.user.currentWorkspaceId);
    const member = await inviteMember(app, owner.client, {});
    expect(names(await workspacesOf(owner.client))).toEqual(["Workspace de Rita"]);
    expect(names(await workspacesOf(member.client))).toContain("Workspace de Rita");

    await app.deps.db.update(workspaces).set({ name: "Loja da Rita" }).where(eq(workspaces.id, wsId));
    forgetMemberships({ workspaceId: wsId });
    expect(names(await workspacesOf(owner.client))).toEqual(["Loja da Rita"]);
    expect(names(await workspacesOf(member.client))).toContain("Loja da Rita");

    await app.deps.db.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, wsId), eq(workspaceMembers.userId, member.user.id)));
    forgetMemberships({ workspaceId: wsId, userId: member.user.id });
    expect(names(await workspacesOf(member.client))).not.toContain("Loja da Rita");
    expect(names(await workspacesOf(owner.client))).toEqual(["Loja da Rita"]);
  });
});
