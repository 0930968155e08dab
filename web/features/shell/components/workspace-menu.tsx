import { useState } from "react";
import { useLocation } from "wouter";
import { Icon } from "../../../components/ui/icons";
import { Menu, MenuItem, MenuSeparator } from "../../../components/ui/menu";
import { truncate } from "../../../lib/format";
import { WorkspacesDialog } from "../../workspaces/components/workspaces-dialog";
import { useWorkspaces } from "../../workspaces/hooks/use-workspaces";

/** Workspace menu: header with the current name (12 chars + '…'), overview, billing, logs, switcher. */
export function WorkspaceMenu({ collapsed }: { collapsed: boolean }) {
  const { current, isPending } = useWorkspaces();
  const [, navigate] = useLocation();
  const [listOpen, setListOpen] = useState(false);
  const fullName = current?.name ?? (isPending ? "Carregando..." : "Workspace");
  const shortName = truncate(fullName, 12);

  return (
    <>
      <Menu
        label="Menu do workspace"
        placement={collapsed ? "right" : "up"}
        trigger={({ open, toggle, id }) => (
          <button
            type="button"
            onClick={toggle}
            aria-haspopup="menu"
            aria-expanded={open}
            aria-controls={id}
            title={fullName}
            className={`flex w-full items-center gap-2 rounded-field p-2 text-sm hover:bg-base-200 ${collapsed ? "justify-center" : ""}`}
          >
            {/* Named by text, not aria-label (WCAG 2.5.3): the full name is read, the cut one shown. */}
            <span className="sr-only">Workspace: {fullName}</span>
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-field bg-secondary/15 font-semibold text-secondary"
              aria-hidden="true"
            >
              {fullName.charAt(0).toUpperCase()}
            </span>
            {!collapsed && (
              <>
                <span className="min-w-0 flex-1 truncate text-left font-medium" aria-hidden="true">
                  {shortName}
                </span>
                <Icon name="chevronUpDown" className="size-4 opacity-60" />
              </>
            )}
          </button>
        )}
      >
        {(close) => (
          <>
            <div className="px-3 py-2">
              <p className="text-base-content/60 text-xs">Workspace atual</p>
              <p className="font-semibold" data-testid="workspace-menu-name" title={fullName}>
                {shortName}
              </p>
            </div>
            <MenuSeparator />
            <MenuItem
              onSelect={() => {
                close();
                navigate("/workspace");
              }}
            >
              Visão geral
            </MenuItem>
            <MenuItem
              onSelect={() => {
                close();
                navigate("/faturamento");
              }}
            >
              Faturamento
            </MenuItem>
            {/* SPEC §2: 'Registros' has no navigation in this version. */}
            <MenuItem onSelect={close}>Registros</MenuItem>
            <MenuSeparator />
            <MenuItem
              icon={<Icon name="building" className="size-4" />}
              onSelect={() => {
                close();
                setListOpen(true);
              }}
            >
              Trocar workspace
            </MenuItem>
          </>
        )}
      </Menu>
      <WorkspacesDialog open={listOpen} onClose={() => setListOpen(false)} />
    </>
  );
}
