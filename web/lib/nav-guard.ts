/**
 * Back/Forward guard for pages with unsaved edits. The router (wouter) reacts to "popstate" in
 * its own listener and re-renders before any later listener runs, so this one must be installed
 * before the router mounts (main.tsx) to stop the event first.
 */
type Blocker = { path: string; onBlocked: (target: string) => void };

let blocker: Blocker | null = null;
let installed = false;

const pathOf = (l: Location) => `${l.pathname}${l.search}`;

export function installNavGuard() {
  if (installed || typeof window === "undefined") return;
  installed = true;
  window.addEventListener("popstate", (e) => {
    const b = blocker;
    const target = pathOf(window.location);
    if (!b || target === b.path) return;
    e.stopImmediatePropagation();
    // Put the page's address back; the router sees the same path and keeps the page.
    window.history.pushState(window.history.state, "", b.path + window.location.hash);
    b.onBlocked(target);
  });
}

/** While registered, Back/Forward away from `path` is cancelled and reported instead. */
export function blockNavigation(path: string, onBlocked: (target: string) => void): () => void {
  const mine: Blocker = { path, onBlocked };
  blocker = mine;
  return () => {
    if (blocker === mine) blocker = null;
  };
}
