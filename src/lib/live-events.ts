/**
 * Live updates for the inbox: "conversation X of workspace W changed". Jobs run in the worker
 * thread, browsers are connected to the main one, so the worker relays its events to the main
 * thread (workers/queue.ts → src/jobs/worker-host.ts), which fans them out to SSE subscribers.
 */
export type LiveEvent = {
  workspaceId: string;
  conversationId: string;
  /** handoff: a handoff to a person was asked, accepted or ended; alert: a sentiment alert fired (issue 18). */
  kind: "message" | "status" | "conversation" | "handoff" | "alert";
};

type Listener = (e: LiveEvent) => void;
const listeners = new Set<Listener>();
let relay: Listener | null = null;

/** In the worker thread: send every event to the main thread instead of local listeners. */
export function relayLiveEventsTo(fn: Listener | null) {
  relay = fn;
}

export function publishLive(e: LiveEvent) {
  if (relay) relay(e);
  else deliverLive(e);
}

/** Main thread: hand an event (local or relayed from the worker) to every subscriber. */
export function deliverLive(e: LiveEvent) {
  for (const l of listeners) {
    try {
      l(e);
    } catch {
      // one broken subscriber must not starve the others
    }
  }
}

export function subscribeLive(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** How many subscribers are listening (the inbox stream's cleanup is tested with it). */
export const liveSubscriberCount = () => listeners.size;
