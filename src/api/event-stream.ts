import type { Context } from "hono";

/**
 * A server-sent-events response whose events are written as they happen: `send(event, data)` puts
 * `event: …\ndata: <json>\n\n` on the wire at once. The public chat streams every model delta
 * through it; Hono's streamSSE costs several promise hops and a TransformStream per event, a
 * sixth of a streamed turn's CPU in bench/chat.ts (issue 12). JSON has no raw newlines, so one
 * `data:` line carries the whole value. After the visitor leaves, sends are dropped.
 */
export type SendEvent = (event: string, data: unknown) => void;

const encoder = new TextEncoder();

export function eventStream(c: Context, run: (send: SendEvent) => Promise<void>): Response {
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A stream the runtime already errored or closed refuses writes: they are dropped, never thrown
      // into the turn (its catch would throw again, and nothing would handle that rejection).
      const send: SendEvent = (event, data) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        } catch {
          closed = true;
        }
      };
      run(send)
        .catch(() => {})
        .finally(() => {
          if (closed) return;
          closed = true;
          try {
            controller.close();
          } catch {}
        });
    },
    cancel() {
      closed = true;
    },
  });
  return c.body(body, 200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
}
