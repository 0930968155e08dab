import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { subscribeModals, topModal } from "./modal-stack";

/** SPEC §9: one toast at a time, shown 3 s, removed 500 ms after dismissal. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_REMOVE_DELAY_MS = 500;

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  duration?: number;
};

type ToastState = ToastInput & { id: number; open: boolean };

const ToastContext = createContext<((t: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const seq = useRef(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const clearTimers = useCallback(() => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
  }, []);

  const dismiss = useCallback((id: number) => {
    setToast((cur) => (cur && cur.id === id ? { ...cur, open: false } : cur));
    timers.current.push(setTimeout(() => setToast((cur) => (cur && cur.id === id ? null : cur)), TOAST_REMOVE_DELAY_MS));
  }, []);

  const show = useCallback(
    (input: ToastInput) => {
      clearTimers();
      seq.current += 1;
      const id = seq.current;
      setToast({ ...input, id, open: true });
      timers.current.push(setTimeout(() => dismiss(id), input.duration ?? TOAST_DURATION_MS));
    },
    [clearTimers, dismiss],
  );

  useEffect(() => clearTimers, [clearTimers]);
  const value = useMemo(() => show, [show]);
  // While a modal dialog is open the rest of the page is inert: the region moves into the dialog
  // (top layer), so a toast shown then is still seen, announced and can be dismissed.
  const modal = useSyncExternalStore(subscribeModals, topModal, () => null);

  // The live region is always in the page, so screen readers announce each toast put into it.
  const region = (
    <div role="status" aria-live="polite" aria-atomic="true" className="pointer-events-none fixed right-4 bottom-4 z-[100] flex w-full max-w-sm flex-col gap-2">
      {toast && (
        <div
          // An error interrupts (alert); the rest waits its turn in the polite region around it.
          role={toast.variant === "destructive" ? "alert" : undefined}
          data-state={toast.open ? "open" : "closed"}
          className={`pointer-events-auto flex items-start gap-3 rounded-box border p-4 shadow-lg transition-all duration-300 ${
            toast.open ? "translate-y-0 opacity-100" : "translate-y-2 opacity-0"
          } ${toast.variant === "destructive" ? "border-error bg-error text-error-content" : "border-base-300 bg-base-100 text-base-content"}`}
        >
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-sm">{toast.title}</p>
            {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-xs btn-circle"
            aria-label="Fechar notificação"
            onClick={() => dismiss(toast.id)}
          >
            ✕
          </button>
        </div>
      )}
    </div>
  );

  return (
    <ToastContext.Provider value={value}>
      {children}
      {modal ? createPortal(region, modal) : region}
    </ToastContext.Provider>
  );
}

export function useToast() {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast fora de ToastProvider");
  return ctx;
}
