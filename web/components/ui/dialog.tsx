import { type ReactNode, useEffect, useId, useRef } from "react";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  size?: "sm" | "md" | "lg";
};

/**
 * Native <dialog> (top layer, focus handling) styled as a daisyUI modal. Only user actions (Esc,
 * backdrop, ✕) call onClose; programmatic closing when `open` flips does not echo back.
 */
export function Dialog({ open, onClose, title, description, children, actions, size = "md" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
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
