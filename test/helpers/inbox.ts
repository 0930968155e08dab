/** Inbox helpers: arranged conversations, a viewer member, and a reader of the live SSE stream. */
import { conversations, messages } from "../../db/schema";
import { createSseParser } from "../../web/lib/sse";
import type { TestApp } from "./app";
import type { Client } from "./client";
import { mailedToken, registerUser, uniqueEmail } from "./factories";

export type Arranged = {
  channel?: string;
  clientName?: string | null;
  clientPhone?: string | null;
  contactKey?: string;
  status?: string;
  unreadCount?: number;
  needsHumanSupport?: boolean;
  assignedToUserId?: string | null;
  connectionId?: string | null;
  /** lastMessageAt; the messages are sent just before it, in order. */
  at: number;
  texts?: string[];
};

let keySeq = 0;

/** A conversation with its messages written straight to the db (the list's filters are what is tested). */
export async function arrangeConversation(app: TestApp, workspaceId: string, c: Arranged) {
  const [row] = await app.deps.db
    .insert(conversations)
    .values({
      workspaceId,
      channel: c.channel ?? "web",
      contactKey: c.contactKey ?? `contato-${++keySeq}`,
      clientName: c.clientName ?? null,
      clientPhone: c.clientPhone ?? null,
      status: c.status ?? "active",
      unreadCount: c.unreadCount ?? 0,
      needsHumanSupport: c.needsHumanSupport ?? false,
      assignedToUserId: c.assignedToUserId ?? null,
      connectionId: c.connectionId ?? null,
      lastMessageAt: c.at,
      createdAt: c.at - 60_000,
    })
    .returning();
  if (!row) throw new Error("conversation not inserted");
  const texts = c.texts ?? [];
  for (const [i, content] of texts.entries()) {
    await app.deps.db.insert(messages).values({
      conversationId: row.id,
      workspaceId,
      senderType: i % 2 === 0 ? "customer" : "agent",
      content,
      sentAt: c.at - (texts.length - i),
    });
  }
  return row;
}

/** Joins a new user to the owner's workspace with a role (viewer, member, admin). */
export async function joinAs(app: TestApp, owner: Client, role: "viewer" | "member" | "admin") {
  const email = uniqueEmail(role);
  const invited = await owner.trpc.workspaces.members.invite.mutate({ email, role, permissions: {} });
  if (!invited.ok) throw new Error(`invite failed: ${JSON.stringify(invited.error)}`);
  const token = await mailedToken(app, email, "/convite");
  const member = await registerUser(app, { email, firstName: role === "viewer" ? "Vera" : "Marcos", lastName: "Lima" });
  const accepted = await member.client.trpc.invitations.accept.mutate({ token });
  if (!accepted.ok) throw new Error(`accept failed: ${JSON.stringify(accepted.error)}`);
  return member;
}

export type StreamEvent = { event: string; data: Record<string, unknown> };

/** GET /api/v1/conversations/stream with the client's cookies; events are collected as they arrive. */
export async function openStream(app: TestApp, client: Client) {
  const ctl = new AbortController();
  const cookie = [...client.jar.entries()].map(([k, c]) => `${k}=${encodeURIComponent(c.value)}`).join("; ");
  const res = await fetch(`${app.base}/api/v1/conversations/stream`, { headers: { cookie, "x-forwarded-for": client.ip }, signal: ctl.signal });
  const events: StreamEvent[] = [];
  const parse = createSseParser();
  const reading = (async () => {
    if (!res.body || res.status !== 200) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const e of parse(decoder.decode(value, { stream: true }))) events.push({ event: e.event, data: JSON.parse(e.data) });
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    events,
    conversationIds: () => events.filter((e) => e.event === "conversation").map((e) => String(e.data.conversationId)),
    close: async () => {
      ctl.abort();
      await reading;
    },
  };
}
