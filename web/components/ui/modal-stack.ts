/**
 * The modal <dialog>s open right now, newest last. A modal dialog makes the rest of the page inert
 * (hidden from screen readers, out of reach), so UI that must stay live while one is open, like the
 * toast region, renders inside the newest one instead (web/components/ui/toast.tsx).
 */
let stack: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function pushModal(el: HTMLDialogElement) {
  stack = [...stack.filter((d) => d !== el), el];
  emit();
}

export function popModal(el: HTMLDialogElement) {
  stack = stack.filter((d) => d !== el);
  emit();
}

export function subscribeModals(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const topModal = (): HTMLDialogElement | null => stack[stack.length - 1] ?? null;
