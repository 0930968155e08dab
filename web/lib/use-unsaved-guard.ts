import { useCallback, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { blockNavigation } from "./nav-guard";

/**
 * Keeps edits from being lost: the browser's own prompt on reload/close, and the app's dialog on
 * in-app links and on Back/Forward (lib/nav-guard.ts). `confirm(action)` runs the action at once when nothing is dirty.
 */
export function useUnsavedGuard(dirty: boolean) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older Chromium builds still need returnValue set to show the prompt.
      e.returnValue = "";
    };
    // Capture phase: runs before wouter's Link handler, which would navigate first.
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const anchor = e.target instanceof Element ? e.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === "_blank") return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      e.preventDefault();
      e.stopPropagation();
      setPending(() => () => navigate(`${url.pathname}${url.search}`));
    };
    const unblock = blockNavigation(`${window.location.pathname}${window.location.search}`, (target) =>
      setPending(() => () => navigate(target)),
    );
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
      unblock();
    };
  }, [dirty, navigate]);

  const confirm = useCallback(
    (action: () => void) => {
      if (dirty) setPending(() => action);
      else action();
    },
    [dirty],
  );

  return {
    confirm,
    dialog: {
      open: pending !== null,
      onConfirm: () => {
        const action = pending;
        setPending(null);
        action?.();
      },
      onCancel: () => setPending(null),
    },
  };
}
