import { type ReactNode, useEffect, useId, useRef, useState } from "react";

type MenuProps = {
  /** Renders the trigger; receives the open state and the toggler. */
  trigger: (p: { open: boolean; toggle: () => void; id: string }) => ReactNode;
  children: (close: () => void) => ReactNode;
  /** "up" opens above the trigger (expanded sidebar), "right" beside it (collapsed sidebar). */
  placement?: "up" | "right";
  label: string;
};

/** Click-to-open menu that closes on outside click, Escape or item choice. */
export function Menu({ trigger, children, placement = "up", label }: MenuProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const pos = placement === "up" ? "bottom-full left-0 mb-2 w-full min-w-60" : "bottom-0 left-full ml-3 w-64";
  const close = () => setOpen(false);

  return (
    <div ref={ref} className="relative">
      {trigger({ open, toggle: () => setOpen((o) => !o), id })}
      {open && (
        <div
          id={id}
          role="menu"
          aria-label={label}
          className={`absolute z-50 ${pos} rounded-box border border-base-300 bg-base-100 p-1 text-base-content shadow-xl`}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}

type ItemProps = {
  onSelect?: () => void;
  children: ReactNode;
  icon?: ReactNode;
  tone?: "default" | "danger" | "muted";
  title?: string;
};

export function MenuItem({ onSelect, children, icon, tone = "default", title }: ItemProps) {
  const toneCls = tone === "danger" ? "text-error" : tone === "muted" ? "text-base-content/50" : "";
  return (
    <button
      type="button"
      role="menuitem"
      title={title}
      className={`flex w-full items-center gap-2 rounded-field px-3 py-2 text-left text-sm hover:bg-base-200 ${toneCls}`}
      onClick={onSelect}
    >
      {icon}
      <span className="flex-1 truncate">{children}</span>
    </button>
  );
}

export const MenuSeparator = () => <div className="my-1 border-base-300 border-t" role="separator" />;
