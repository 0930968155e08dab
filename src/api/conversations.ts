import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { subscribeLive } from "../lib/live-events";
import { log } from "../lib/logger";
import { listConversationsInput } from "../schemas/conversations";
import { listConversations } from "../services/conversations";
import { resolveMembership } from "../services/access";
import { resolveSession } from "../services/sessions";
import { type HonoEnv, serviceContext } from "./context";
import { keepOpen } from "./keep-open";
import { requireCurrentWorkspace, requireSession } from "./guards";

/** A comment line this often keeps proxies (and the browser) from dropping an idle stream. */
export const STREAM_HEARTBEAT_MS = 25_000;


/** /api/v1/conversations: the inbox list (SPEC §7 names the path) and its live stream. */
export const conversationRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => {
    const scope = await requireCurrentWorkspace(c);
    const input = listConversationsInput.parse(c.req.query());
    return c.json({ data: await listConversations(serviceContext(c, scope), scope, requireSession(c).user.id, input) });
  })
  /**
   * Server-sent events: `event: conversation` with `{ conversationId, kind }` whenever a conversation
   * of the caller's current workspace changes (a message, a delivery status, a state change). Only
   * ids travel: the page re-reads what it shows. Membership and session are re-checked at every
   * heartbeat, so a removed member or an ended session stops receiving.
   */
  .get("/stream", async (c) => {
    const scope = await requireCurrentWorkspace(c);
    const session = requireSession(c);
    const deps = c.get("deps");
    const token = c.get("sessionToken") ?? "";
    keepOpen(c.env, c.req.raw);
    // A reverse proxy (nginx) must pass events through as they come, not buffer them.
    c.header("x-accel-buffering", "no");
    return streamSSE(c, async (stream) => {
      let chain = Promise.resolve();
      const send = (write: () => Promise<void>) => {
        chain = chain.then(write).catch(() => {});
      };
      let finish = () => {};
      const done = new Promise<void>((resolve) => {
        finish = resolve;
      });
      // The browser leaving cancels the response stream; the request's signal is a second witness.
      stream.onAbort(() => finish());
      c.req.raw.signal.addEventListener("abort", () => finish());
      const unsubscribe = subscribeLive((e) => {
        if (e.workspaceId !== scope.id) return;
        send(() => stream.writeSSE({ event: "conversation", data: JSON.stringify({ conversationId: e.conversationId, kind: e.kind }) }));
      });
      let stillAllowed = true;
      const heartbeat = setInterval(() => {
        send(async () => {
          const [alive, member] = await Promise.all([resolveSession(deps.db, token, deps.now()), resolveMembership(deps.db, session.user.id, scope.id)]);
          if (!alive || !member || alive.data.workspaceId !== scope.id) {
            stillAllowed = false;
            finish();
            return;
          }
          await stream.write(": ping\n\n");
        });
      }, STREAM_HEARTBEAT_MS);
      try {
        await stream.writeSSE({ event: "ready", data: JSON.stringify({ workspaceId: scope.id }) });
        await done;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        if (!stillAllowed) log.debug("inbox stream closed: session or membership ended", { userId: session.user.id });
      }
    });
  });
