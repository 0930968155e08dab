/**
 * The bounds that keep reads off the one JS thread's critical path (issue 12, item 4), as the
 * user sees them: a filtered inbox page examines a window and continues with nextCursor, the badge
 * counts stop at a cap, and the admin's queue summary counts completed jobs of the last day only.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { conversations, jobs, messages } from "../db/schema";
import { COUNTS_CAP, INBOX_FILTER_WINDOW, INBOX_SEARCH_WINDOW } from "../src/services/conversations";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { loginAdmin, registerUser } from "./helpers/factories";

let app: TestApp;
let owner: Client;
let workspaceId = "";

/** `n` web conversations, newest activity first from `at`, optionally unread. */
async function manyConversations(n: number, at: number, unread = false) {
  const rows = Array.from({ length: n }, (_v, i) => ({
    workspaceId,
    channel: "web",
    contactKey: `visitante-${at}-${i}`,
    clientName: "Visitante do chat web",
    unreadCount: unread ? 1 : 0,
    lastMessageAt: at - i,
    createdAt: at - i - 60_000,
  }));
  for (let i = 0; i < rows.length; i += 500) await app.deps.db.insert(conversations).values(rows.slice(i, i + 500));
}

type Page = { items: { id: string; clientName: string | null }[]; nextCursor: string | null };

/** Follows nextCursor until a page has items (or the list ends); returns the items and how many calls it took. */
async function firstMatches(input: Record<string, unknown>) {
  let cursor: string | null = null;
  for (let calls = 1; calls <= 20; calls++) {
    const res: { status: number; data: Page } = await owner.query<Page>("conversations.list", { ...input, cursor });
    expect(res.status).toBe(200);
    if (res.data.items.length || !res.data.nextCursor) return { items: res.data.items, calls };
    cursor = res.data.nextCursor;
  }
  throw new Error("no match after 20 pages");
}

beforeAll(async () => {
  app = await startTestApp();
  const o = await registerUser(app);
  owner = o.client;
  workspaceId = String(o.user.currentWorkspaceId);
  const now = Date.now();
  // The oldest conversation is the only Telegram one, and the only one whose message says "boleto".
  const [old] = await app.deps.db
    .insert(conversations)
    .values({ workspaceId, channel: "telegram", contactKey: "9001", clientName: "Bruna Telegram", lastMessageAt: now - 10 * 86_400_000, createdAt: now - 11 * 86_400_000 })
    .returning();
  if (!old) throw new Error("conversation not inserted");
  await app.deps.db.insert(messages).values({ conversationId: old.id, workspaceId, senderType: "customer", content: "Quero a segunda via do boleto", sentAt: now - 10 * 86_400_000 });
  await manyConversations(INBOX_FILTER_WINDOW + 10, now, true);
}, 60_000);

afterAll(() => app.stop());

describe("bounded reads", () => {
  test("a filter that matches only an old conversation: the first page is empty with a cursor, the next one finds it", async () => {
    const first = await owner.query<Page>("conversations.list", { channel: "telegram" });
    expect(first.data.items).toEqual([]);
    expect(first.data.nextCursor).not.toBeNull();
    const found = await firstMatches({ channel: "telegram" });
    expect(found.items.map((i) => i.clientName)).toEqual(["Bruna Telegram"]);
    expect(found.calls).toBe(2);
  });

  test("a message-text search walks the inbox window by window and finds the old conversation", async () => {
    const found = await firstMatches({ search: "boleto" });
    expect(found.items.map((i) => i.clientName)).toEqual(["Bruna Telegram"]);
    expect(found.calls).toBe(Math.ceil((INBOX_FILTER_WINDOW + 11) / INBOX_SEARCH_WINDOW));
  });

  test("without filters the list pages as before: 30 newest, then the next 30", async () => {
    const first = await owner.query<Page>("conversations.list", {});
    expect(first.data.items).toHaveLength(30);
    const second = await owner.query<Page>("conversations.list", { cursor: first.data.nextCursor });
    expect(second.data.items).toHaveLength(30);
    expect(second.data.items.some((i) => first.data.items.some((j) => j.id === i.id))).toBe(false);
  });

  test("the unread badge count stops at the cap", async () => {
    const counts = await owner.query<{ unread: number; needsHuman: number }>("conversations.counts");
    expect(INBOX_FILTER_WINDOW + 10).toBeGreaterThan(COUNTS_CAP);
    expect(counts.data).toEqual({ unread: COUNTS_CAP, needsHuman: 0 });
  });

  test("the admin's queue summary counts completed jobs of the last 24 h, and every live one", async () => {
    const now = Date.now();
    const job = (status: "completed" | "pending", completedAt: number | null) => ({ type: "perf-probe", status, data: {}, runAfter: now, completedAt });
    await app.deps.db.insert(jobs).values([job("completed", now - 60 * 60_000), job("completed", now - 2 * 86_400_000), job("pending", null)]);
    const admin = (await loginAdmin(app)).client;
    const summary = await admin.trpc.admin.jobs.summary.query();
    const probe = summary.data.counts.filter((c) => c.type === "perf-probe").map((c) => [c.status, c.count]);
    expect(Object.fromEntries(probe)).toEqual({ completed: 1, pending: 1 });
  });
});
