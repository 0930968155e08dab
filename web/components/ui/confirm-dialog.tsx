import type { ReactNode } from "react";
import { Dialog } from "./dialog";
import { ButtonSpinner } from "./spinner";

type Props = {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: "danger" | "primary";
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Yes/no question in the app's own dialog (never window.confirm, which looks foreign and blocks tests). */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel = "Cancelar", tone = "danger", pending, onConfirm, onCancel }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </button>
          <button type="button" className={`btn ${tone === "danger" ? "btn-error" : "btn-primary"}`} onClick={onConfirm} disabled={pending}>
            {pending && <ButtonSpinner />}
            {confirmLabel}
          </button>
        </>
      }
    >
      <div className="text-base-content/80 text-sm">{description}</div>
    </Dialog>
  );
}
