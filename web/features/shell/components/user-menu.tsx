import { useLocation } from "wouter";
import { Icon } from "../../../components/ui/icons";
import { Menu, MenuItem, MenuSeparator } from "../../../components/ui/menu";
import { UserAvatar } from "../../account/components/user-avatar";
import { useAuth } from "../../auth/hooks/use-auth";
import { useLogout } from "../../auth/hooks/use-logout";
import { openSupportRequest } from "../../support/lib/events";

export const OPEN_BUG_REPORT_EVENT = "openBugReport";

/** User menu of §2: admin switch (admins only), account pages, bug report, support requests (issue 19), logout. */
export function UserMenu({ collapsed }: { collapsed: boolean }) {
  const { user } = useAuth();
  const logout = useLogout();
  const [, navigate] = useLocation();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(" ") || "Usuário";
  const email = user?.email || "Email no disponible";
  const go = (close: () => void, to: string) => () => {
    close();
    navigate(to);
  };

  return (
    <Menu
      label="Menu do usuário"
      placement={collapsed ? "right" : "up"}
      trigger={({ open, toggle, id }) => (
        <button
          type="button"
          onClick={toggle}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={id}
          className={`flex w-full items-center gap-2 rounded-field p-2 text-left hover:bg-base-200 ${collapsed ? "justify-center" : ""}`}
        >
          {/* Named by its text (WCAG 2.5.3): the initial is decoration, the name and email stay in. */}
          <span className="sr-only">Menu do usuário{collapsed ? "" : ": "}</span>
          <UserAvatar firstName={user?.firstName} url={user?.profileImageUrl} />
          {!collapsed && (
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-sm">{name}</span>
              <span className="block truncate text-base-content/60 text-xs">{email}</span>
            </span>
          )}
        </button>
      )}
    >
      {(close) => (
        <>
          <div className="flex items-center gap-2 px-3 py-2">
            <UserAvatar firstName={user?.firstName} url={user?.profileImageUrl} />
            <div className="min-w-0">
              <p className="truncate font-semibold text-sm">{name}</p>
              <p className="truncate text-base-content/60 text-xs">{email}</p>
            </div>
          </div>
          <MenuSeparator />
          {user?.role === "admin" && <MenuItem onSelect={go(close, "/admin")}>Mudar para o admin</MenuItem>}
          <MenuItem onSelect={go(close, "/account")}>Conta</MenuItem>
          <MenuItem onSelect={go(close, "/logs")}>Logs</MenuItem>
          <MenuItem onSelect={go(close, "/afiliados")}>Afiliados</MenuItem>
          <MenuItem onSelect={go(close, "/feature-suggestions")}>Sugira uma funcionalidade</MenuItem>
          <MenuItem
            icon={<Icon name="bug" className="size-4" />}
            onSelect={() => {
              close();
              window.dispatchEvent(new Event(OPEN_BUG_REPORT_EVENT));
            }}
          >
            Reportar Bug
          </MenuItem>
          <MenuItem onSelect={go(close, "/meus-chamados")}>Meus chamados</MenuItem>
          <MenuItem
            onSelect={() => {
              close();
              openSupportRequest();
            }}
          >
            Abrir chamado
          </MenuItem>
          {/* SPEC §2: no action is defined for this item yet. */}
          <MenuItem onSelect={close}>Documentação da API Admin</MenuItem>
          <MenuSeparator />
          <MenuItem
            tone="danger"
            icon={<Icon name="logout" className="size-4" />}
            onSelect={() => {
              close();
              logout();
            }}
          >
            Sair
          </MenuItem>
        </>
      )}
    </Menu>
  );
}
