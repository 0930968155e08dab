import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "wouter";
import { Icon } from "../../../components/ui/icons";
import { useAuth } from "../../auth/hooks/use-auth";
import { useInboxCounts } from "../../conversations/hooks/use-conversations";
import { dueTodayOptions } from "../../crm/funnel/hooks/use-deal";
import { Logo } from "../../auth/components/auth-layout";
import { isDrawerScreen, useDrawerFocus } from "./drawer-focus";
import { isNavActive, NAV_ITEMS, type NavItem } from "./nav-items";
import { PlanCreditBox } from "./plan-credit-box";
import { UserMenu } from "./user-menu";
import { WorkspaceMenu } from "./workspace-menu";

type Props = { collapsed: boolean; onToggle: () => void };

/** 256 px expanded, 64 px collapsed (short logo only), SPEC §2. */
export function Sidebar({ collapsed, onToggle }: Props) {
  const [path] = useLocation();
  const { user, isAuthenticated } = useAuth();
  const isUserRole = (user?.role ?? "user") === "user";
  const inbox = useInboxCounts(isAuthenticated);
  // The board's "Para hoje" query: one cache entry shared with the reminder, refreshed every few minutes.
  const due = useQuery(dueTodayOptions(isAuthenticated));
  const toggleButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);

  // On narrow screens (and at 200 % zoom) the open sidebar is a drawer over the page: Esc closes it
  // and focus stays on its toggle. Not while a menu or dialog of its own takes the Esc.
  useEffect(() => {
    if (collapsed) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented || !isDrawerScreen()) return;
      if (document.querySelector('dialog[open], [role="menu"]')) return;
      toggleButton.current?.focus();
      onToggle();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [collapsed, onToggle]);

  useDrawerFocus(panel, collapsed);

  return (
    // The spacer reserves the rail in the layout; on narrow screens the expanded panel overlays the page.
    <div className={`shrink-0 transition-[width] duration-200 ${collapsed ? "w-16" : "w-16 md:w-64"}`}>
      {!collapsed && (
        <button
          type="button"
          aria-label="Fechar menu"
          tabIndex={-1}
          className="fixed inset-0 z-30 bg-black/30 md:hidden"
          onClick={onToggle}
        />
      )}
      <aside
        ref={panel}
        data-testid="sidebar"
        data-collapsed={collapsed}
        className={`fixed top-0 left-0 z-40 flex h-screen flex-col border-base-300 border-r bg-base-100 transition-[width] duration-200 ${
          collapsed ? "w-16" : "w-64"
        }`}
      >
        <div className={`flex items-center gap-2 px-3 ${collapsed ? "flex-col justify-center py-3" : "h-16 justify-between"}`}>
          {/* Named by its own text (WCAG 2.5.3 label in name): "Atenda Beta, início". */}
          <Link href="/" className="flex items-center gap-2">
            <Logo short={collapsed} />
            {!collapsed && <span className="badge badge-secondary badge-sm">Beta</span>}
            <span className="sr-only">, início</span>
          </Link>
          <button
            ref={toggleButton}
            type="button"
            className="btn btn-ghost btn-xs btn-square"
            title={collapsed ? "Expandir sidebar" : "Recolher sidebar"}
            aria-label={collapsed ? "Expandir sidebar" : "Recolher sidebar"}
            onClick={onToggle}
          >
            <Icon name={collapsed ? "chevronRight" : "chevronLeft"} className="size-4" />
          </button>
        </div>
  
        <nav className="flex-1 overflow-y-auto px-2 py-2" aria-label="Navegação principal">
          <ul className="flex flex-col gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.href}>
                <NavEntry
                  item={item}
                  active={isNavActive(item, path)}
                  disabled={!!item.comingSoonForUsers && isUserRole}
                  collapsed={collapsed}
                  badge={item.href === "/conversations" ? (inbox.data?.unread ?? 0) : item.href === "/funil" ? (due.data?.count ?? 0) : 0}
                  badgeLabel={item.href === "/funil" ? dueLabel : unreadLabel}
                />
              </li>
            ))}
          </ul>
        </nav>
  
        <div className="flex flex-col gap-2 border-base-300 border-t p-2">
          <PlanCreditBox collapsed={collapsed} />
          <WorkspaceMenu collapsed={collapsed} />
          <UserMenu collapsed={collapsed} />
        </div>
      </aside>
    </div>
  );
}

const unreadLabel = (count: number) => `${count} ${count === 1 ? "conversa não lida" : "conversas não lidas"}`;
const dueLabel = (count: number) => `${count >= 100 ? "99+" : count} ${count === 1 ? "atividade para hoje" : "atividades para hoje"}`;

/** Unread conversations beside "Conversas", activities due beside "Funil": a count when expanded, a dot on the collapsed rail. */
function NavBadge({ count, collapsed, label: labelOf }: { count: number; collapsed: boolean; label: (count: number) => string }) {
  if (count <= 0) return null;
  const label = labelOf(count);
  if (collapsed) return <span className="absolute top-1.5 right-2 size-2 rounded-full bg-primary" role="img" aria-label={label} />;
  return (
    <span className="badge badge-primary badge-sm" role="img" aria-label={label} data-testid={labelOf === dueLabel ? "funnel-due" : "inbox-unread"}>
      {count > 99 ? "99+" : count}
    </span>
  );
}

function NavEntry({
  item,
  active,
  disabled,
  collapsed,
  badge = 0,
  badgeLabel = unreadLabel,
}: { item: NavItem; active: boolean; disabled: boolean; collapsed: boolean; badge?: number; badgeLabel?: (count: number) => string }) {
  const base = `flex h-10 items-center gap-3 rounded-field px-3 text-sm ${collapsed ? "justify-center px-0" : ""}`;
  if (disabled) {
    // Not a link at all: dimmed, not focusable, tagged 'Em Breve' (§6).
    return (
      <span
        aria-disabled="true"
        data-nav-item={item.label}
        title={collapsed ? `${item.label} (Em Breve)` : undefined}
        className={`${base} cursor-not-allowed opacity-50`}
      >
        <Icon name={item.icon} />
        {!collapsed && (
          <>
            <span className="flex-1 truncate">{item.label}</span>
            <span className="badge badge-ghost badge-xs whitespace-nowrap">Em Breve</span>
          </>
        )}
      </span>
    );
  }
  return (
    <Link
      href={item.href}
      data-nav-item={item.label}
      aria-current={active ? "page" : undefined}
      title={collapsed ? item.label : undefined}
      className={`${base} relative transition ${
        active ? "bg-primary/10 font-medium text-primary" : "text-base-content/80 hover:bg-base-200 hover:text-base-content"
      }`}
    >
      <Icon name={item.icon} />
      {!collapsed && <span className="flex-1 truncate">{item.label}</span>}
      {collapsed && <span className="sr-only">{item.label}</span>}
      <NavBadge count={badge} collapsed={collapsed} label={badgeLabel} />
    </Link>
  );
}
