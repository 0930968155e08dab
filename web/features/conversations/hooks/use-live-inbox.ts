import { useEffect, useRef, useState } from "react";
import { useRefreshInbox } from "./use-conversations";

export const STREAM_URL = "/api/v1/conversations/stream";
/** Events of a burst (a reply sent in parts, each with its status) are applied together. */
const COALESCE_MS = 250;
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

export type LiveState = "connecting" | "live" | "offline";

/**
 * Keeps the open inbox current: the server's stream names the conversations that changed and
 * their list, counts and thread are re-read. The browser retries a dropped stream by itself; when
 * it gives up (a refused reconnect), we retry with backoff. After any reconnection everything is
 * re-read, since events may have been missed meanwhile. `key` (the workspace) restarts it.
 */
export function useLiveInbox(key: string | null): LiveState {
  const refresh = useRefreshInbox();
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const [state, setState] = useState<LiveState>("connecting");

  useEffect(() => {
    if (!key || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_MIN_MS;
    let everOpened = false;
    let stopped = false;
    const changed = new Set<string>();

    const flush = () => {
      flushTimer = undefined;
      const ids = [...changed];
      changed.clear();
      if (ids.length === 1) void refreshRef.current(ids[0]);
      else if (ids.length > 1) void refreshRef.current();
    };

    const connect = () => {
      if (stopped) return;
      setState("connecting");
      const es = new EventSource(STREAM_URL);
      source = es;
      es.addEventListener("ready", () => {
        setState("live");
        retryMs = RETRY_MIN_MS;
        // A reconnection may have missed events: re-read everything once.
        if (everOpened) void refreshRef.current();
        everOpened = true;
      });
      es.addEventListener("conversation", (ev) => {
        try {
          const data = JSON.parse((ev as MessageEvent<string>).data) as { conversationId?: string };
          if (data.conversationId) changed.add(data.conversationId);
        } catch {
          return;
        }
        flushTimer ??= setTimeout(flush, COALESCE_MS);
      });
      es.onerror = () => {
        setState("offline");
        if (es.readyState !== EventSource.CLOSED) return;
        es.close();
        retryTimer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(flushTimer);
      source?.close();
    };
  }, [key]);

  return state;
}
