import { describe, expect, test } from "bun:test";
import { createSseParser, readSse, type SseEvent } from "./sse";

describe("SSE parser", () => {
  test("named events with JSON data, split across arbitrary chunks", () => {
    const parse = createSseParser();
    const stream = 'event: delta\ndata: {"text":"Olá "}\n\nevent: delta\r\ndata: {"text":"mundo"}\r\n\r\nevent: done\ndata: {"response":"Olá mundo"}\n\n';
    const out: SseEvent[] = [];
    for (let i = 0; i < stream.length; i += 7) out.push(...parse(stream.slice(i, i + 7)));
    expect(out).toEqual([
      { event: "delta", data: '{"text":"Olá "}' },
      { event: "delta", data: '{"text":"mundo"}' },
      { event: "done", data: '{"response":"Olá mundo"}' },
    ]);
  });

  test("comments are ignored, unnamed events are 'message', multi-line data is joined", () => {
    const parse = createSseParser();
    expect(parse(": ping\n\ndata: a\ndata: b\n\n")).toEqual([{ event: "message", data: "a\nb" }]);
  });

  test("readSse decodes UTF-8 split between chunks and flushes a last event without blank line", async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"ação"}\n\nevent: done\ndata: {}');
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.slice(0, 33));
        c.enqueue(bytes.slice(33));
        c.close();
      },
    });
    const events: SseEvent[] = [];
    await readSse(body, (e) => events.push(e));
    expect(events).toEqual([
      { event: "delta", data: '{"text":"ação"}' },
      { event: "done", data: "{}" },
    ]);
  });
});
