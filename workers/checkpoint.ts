/**
 * Bun Worker entry: checkpoints the embedded database's WAL on a thread of its own (db/checkpointer.ts
 * says when). It imports nothing of the app, so it starts in milliseconds and holds little memory.
 * Messages in: { type: "open", path } once, { type: "checkpoint" }, { type: "stop" }.
 * Messages out: "ready" after the open, "done" after each checkpoint, "stopped" once closed.
 */
import Database from "libsql";

declare const self: Worker;

type NativeDb = { prepare(sql: string): { raw(on: boolean): { all(): unknown[][] } }; close(): void };
type Message = { type: "open"; path: string } | { type: "checkpoint" } | { type: "stop" };

let db: NativeDb | null = null;

self.onmessage = (event: MessageEvent<Message>) => {
  const msg = event.data;
  if (msg.type === "open") {
    db = new Database(msg.path, { timeout: 5000 }) as unknown as NativeDb;
    self.postMessage({ type: "ready" });
  } else if (msg.type === "checkpoint") {
    // PASSIVE: copies what no reader still needs and never waits for the writer, which goes on
    // appending to the WAL meanwhile. Its fsyncs block this thread, not the one serving requests.
    try {
      const row = db?.prepare("PRAGMA wal_checkpoint(PASSIVE)").raw(true).all()[0];
      self.postMessage({ type: "done", walFrames: Number(row?.[1] ?? 0), copiedFrames: Number(row?.[2] ?? 0) });
    } catch (err) {
      // A busy or failing checkpoint is retried with the next request; the WAL only grows meanwhile.
      self.postMessage({ type: "done", error: String(err) });
    }
  } else if (msg.type === "stop") {
    db?.close();
    db = null;
    self.postMessage({ type: "stopped" });
  }
};
