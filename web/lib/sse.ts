/** One server-sent event: its name ("message" when unnamed) and its joined data lines. */
export type SseEvent = { event: string; data: string };

/**
 * Incremental text/event-stream parser: feed it decoded chunks as they arrive, it returns the
 * events completed so far. Chunks may split anywhere, even inside a "\r\n".
 */
export function createSseParser() {
  let buffer = "";
  return (chunk: string): SseEvent[] => {
    buffer += chunk;
    const events: SseEvent[] = [];
    // A block ends at a blank line; normalise CRLF/CR first so one rule fits every server. A "\r"
    // at the very end waits for the next chunk: it may be the first half of a "\r\n".
    buffer = buffer.replace(/\r\n|\r(?!$)/g, "\n");
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (!line || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon >= 0 ? line.slice(0, colon) : line;
        const value = colon >= 0 ? line.slice(colon + 1).replace(/^ /, "") : "";
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      if (data.length) events.push({ event, data: data.join("\n") });
      end = buffer.indexOf("\n\n");
    }
    return events;
  };
}

/** Reads a fetch body as SSE, calling onEvent for each event in order. */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent: (e: SseEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parse = createSseParser();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const e of parse(decoder.decode(value, { stream: true }))) onEvent(e);
  }
  // A final event without its trailing blank line still counts.
  for (const e of parse(`${decoder.decode()}\n\n`)) onEvent(e);
}
