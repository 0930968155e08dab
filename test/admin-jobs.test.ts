/** /admin/status: the queue at a glance, dead letters visible to the admin only, retried or discarded. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { jobs } from "../db/schema";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { loginAdmin, registerUser } from "./helpers/factories";
import { eventually } from "./helpers/training";

let app: TestApp;
let admin: Client;
let user: Client;
beforeAll(async () => {
  app = await startTestApp();
  ({ client: admin } = await loginAdmin(app));
  ({ client: user } = await registerUser(app));
});
afterAll(() => app.stop());


async function deadReply(error: string) {
  const now = Date.now();
  const [row] = await app.deps.db
    .insert(jobs)
    .values({ type: "channel-reply", status: "dead", data: { conversationId: "00000000-0000-4000-8000-000000000000" }, error, attempts: 8, runAfter: now, completedAt: now })
    .returning();
  return row?.id ?? "";
}

test("a normal user cannot see or touch the queue", async () => {
  const id = await deadReply("WhatsApp respondeu 500");
  expect((await user.trpc.admin.jobs.dead.query()).status).toBe(403);
  expect((await user.trpc.admin.jobs.summary.query()).status).toBe(403);
  expect((await user.trpc.admin.jobs.retry.mutate({ id })).status).toBe(403);
  expect((await user.trpc.admin.jobs.discard.mutate({ id })).status).toBe(403);
  const [row] = await app.deps.db.select().from(jobs).where(eq(jobs.id, id));
  expect(row?.status).toBe("dead");
});

test("the admin sees the dead job with its error and counts; retry runs it again, discard removes it", async () => {
  const retried = await deadReply("Instagram respondeu 503 depois de 8 tentativas");
  const discarded = await deadReply("token inválido");
  const list = await admin.trpc.admin.jobs.dead.query();
  expect(list.ok).toBe(true);
  const shown = list.data.find((j) => j.id === retried);
  expect(shown?.error).toBe("Instagram respondeu 503 depois de 8 tentativas");
  expect(shown?.attempts).toBe(8);
  const summary = await admin.trpc.admin.jobs.summary.query();
  expect(summary.data.counts.find((c) => c.type === "channel-reply" && c.status === "dead")?.count).toBeGreaterThanOrEqual(2);

  expect((await admin.trpc.admin.jobs.retry.mutate({ id: retried })).ok).toBe(true);
  // The worker takes it again (its conversation no longer exists, so it completes as skipped).
  const done = await eventually(async () => {
    const [row] = await app.deps.db.select().from(jobs).where(eq(jobs.id, retried));
    return row?.status === "completed" ? row : null;
  });
  expect(done.result).toEqual({ skipped: "conversation gone" });

  expect((await admin.trpc.admin.jobs.discard.mutate({ id: discarded })).ok).toBe(true);
  expect(await app.deps.db.select().from(jobs).where(eq(jobs.id, discarded))).toHaveLength(0);
  // Only dead jobs can be retried or discarded.
  expect((await admin.trpc.admin.jobs.retry.mutate({ id: retried })).status).toBe(404);
  expect((await admin.trpc.admin.jobs.discard.mutate({ id: "not-a-uuid" })).status).toBe(400);
});
