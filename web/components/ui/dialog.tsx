import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { popModal, pushModal } from "./modal-stack";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  size?: "sm" | "md" | "lg";
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab wrap inside the dialog instead of leaving for the browser's own controls. The
 * toast region renders in here (fixed-position): getClientRects keeps its close button in the cycle,
 * where offsetParent would be null for a fixed element and drop it.
 */
function trapTab(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== "Tab") return;
  const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((n) => n.tabIndex >= 0 && n.getClientRects().length > 0);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * Native <dialog> (top layer, focus handling) styled as a daisyUI modal. Only user actions (Esc,
 * backdrop, ✕) call onClose; programmatic closing when `open` flips does not echo back.
 */
export function Dialog({ open, onClose, title, description, children, actions, size = "md" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // Focus goes back to the opener when the dialog closes or unmounts (WCAG 2.4.3).
  useEffect(() => {
    const el = ref.current;
    if (!el || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) el.showModal();
    pushModal(el);
    return () => {
      popModal(el);
      if (el.open) el.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  const width = size === "sm" ? "max-w-sm" : size === "lg" ? "max-w-2xl" : "max-w-md";

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={trapTab}
    >
      {open && (
        <div className={`modal-box ${width}`}>
          <h3 id={titleId} className="font-semibold text-lg">
            {title}
          </h3>
          {description && <div className="mt-1 text-base-content/70 text-sm">{description}</div>}
          <div className="mt-4">{children}</div>
          {actions && <div className="modal-action">{actions}</div>}
          <button
            type="button"
            className="btn btn-sm btn-circle btn-ghost absolute top-3 right-3"
            aria-label="Fechar"
            onClick={onClose}
          >
            ✕
          </button>
        </div>
      )}
      <div className="modal-backdrop" aria-hidden="true">
        <button type="button" aria-label="Fechar" tabIndex={-1} onClick={onClose}>
          fechar
        </button>
      </div>
    </dialog>
  );
}
