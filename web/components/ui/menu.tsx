import { type KeyboardEvent as ReactKeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";

type MenuProps = {
  /** Renders the trigger; receives the open state and the toggler. */
  trigger: (p: { open: boolean; toggle: () => void; id: string }) => ReactNode;
  children: (close: () => void) => ReactNode;
  /** "up" opens above the trigger (expanded sidebar), "right" beside it (collapsed sidebar). */
  placement?: "up" | "right";
  label: string;
};

const menuItems = (root: HTMLElement | null) => Array.from(root?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/** Only when focus is inside the menu: a click elsewhere keeps focus where the user put it. */
function refocusTrigger(root: HTMLElement | null) {
  if (root?.contains(document.activeElement)) root.querySelector<HTMLElement>("[aria-haspopup]")?.focus();
}

/**
 * Click-to-open menu that closes on outside click, Escape or item choice. From the keyboard (ARIA
 * menu pattern): focus moves to the first item, arrows move between items, Escape or a choice sends
 * focus back to the trigger, so a dialog opened from an item returns focus there too.
 */
export function Menu({ trigger, children, placement = "up", label }: MenuProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();

  const pos = placement === "up" ? "bottom-full left-0 mb-2 w-full min-w-60" : "bottom-0 left-full ml-3 w-64";
  const close = () => {
    refocusTrigger(ref.current);
    setOpen(false);
  };

  useEffect(() => {
    if (!open) return;
    if (ref.current?.contains(document.activeElement)) menuItems(ref.current)[0]?.focus();
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      refocusTrigger(ref.current);
      setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const onMenuKey = (e: ReactKeyboardEvent) => {
    const list = menuItems(ref.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const to = e.key === "ArrowDown" ? at + 1 : e.key === "ArrowUp" ? at - 1 : e.key === "Home" ? 0 : e.key === "End" ? list.length - 1 : null;
    if (to === null || list.length === 0) return;
    e.preventDefault();
    list[(to + list.length) % list.length]?.focus();
  };

  return (
    <div ref={ref} className="relative">
      {trigger({ open, toggle: () => setOpen((o) => !o), id })}
      {open && (
        <div
          id={id}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
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
