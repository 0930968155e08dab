import { type RefObject, useEffect, useRef } from "react";

/** Below md the expanded sidebar is a drawer over the page (sidebar.tsx). */
export const isDrawerScreen = () => matchMedia("(max-width: 767.98px)").matches;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focusable, rendered controls of `root`, in tab order (no positive tabindex in the app). */
const focusables = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((n) => n.tabIndex >= 0 && n.getClientRects().length > 0);

/**
 * WCAG 2.4.3 for the drawer: opening it moves focus to its navigation (the current page's link),
 * and while it is open Tab and Shift+Tab wrap inside it instead of wandering under the backdrop.
 * Not on wide screens, where the sidebar sits beside the page, nor under a dialog of its own.
 */
export function useDrawerFocus(panel: RefObject<HTMLElement | null>, collapsed: boolean) {
  const wasCollapsed = useRef(collapsed);

  useEffect(() => {
    const opened = wasCollapsed.current && !collapsed;
    wasCollapsed.current = collapsed;
    const root = panel.current;
    if (!opened || !root || !isDrawerScreen()) return;
    const target = root.querySelector<HTMLElement>('nav a[aria-current="page"]') ?? root.querySelector<HTMLElement>("nav a[href]") ?? focusables(root)[0];
    target?.focus();
  }, [collapsed, panel]);

  useEffect(() => {
    if (collapsed) return;
    const onKey = (e: KeyboardEvent) => {
      const root = panel.current;
      if (e.key !== "Tab" || e.defaultPrevented || !root || !isDrawerScreen() || document.querySelector("dialog[open]")) return;
      const items = focusables(root);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const inside = document.activeElement instanceof Node && root.contains(document.activeElement);
      if (!inside || (e.shiftKey && document.activeElement === first) || (!e.shiftKey && document.activeElement === last)) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [collapsed, panel]);
}
