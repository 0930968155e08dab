import type { ReactNode } from "react";
import { Icon } from "../../../../components/ui/icons";
import { ButtonSpinner } from "../../../../components/ui/spinner";

/** The outcome of a card's "Testar": a status when it worked, an alert (read out at once) when not. */
export function TestOutcome({ ok, testId, children }: { ok: boolean; testId?: string; children: ReactNode }) {
  return (
    <div data-testid={testId} role={ok ? "status" : "alert"} className={`alert alert-soft text-sm ${ok ? "alert-success" : "alert-error"}`}>
      <Icon name={ok ? "check" : "x"} className="size-5 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

type CardActionsProps = {
  /** "Salvo" after a save, until the form is edited again. */
  savedMark: boolean;
  /** Whether there is something saved to remove. */
  removable: boolean;
  onRemove: () => void;
  removing: boolean;
  saving: boolean;
  /** Read-only member, or the admin switched the integration off. */
  locked: boolean;
  /** Removing may stay allowed when only saving is locked (n8n switched off by the admin). Default: locked. */
  removeLocked?: boolean;
  saveDisabled?: boolean;
  saveLabel: string;
  /** Extra buttons before Remover (e.g. Testar). */
  children?: ReactNode;
};

/** The footer every integration card shares: "Salvo", extra buttons, Remover (asks first, in the card) and the submit button. */
export function CardActions({ savedMark, removable, onRemove, removing, saving, locked, removeLocked = locked, saveDisabled, saveLabel, children }: CardActionsProps) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {savedMark && (
        <span role="status" className="flex items-center gap-1 text-sm text-success">
          <Icon name="check" className="size-4" />
          Salvo
        </span>
      )}
      {children}
      {removable && (
        <button type="button" className="btn btn-ghost btn-sm text-error" disabled={removeLocked || removing} onClick={onRemove}>
          <Icon name="trash" className="size-4" />
          Remover
        </button>
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={locked || saving || saveDisabled}>
        {saving && <ButtonSpinner />}
        {saveLabel}
      </button>
    </div>
  );
}
