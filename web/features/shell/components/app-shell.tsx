import { type ReactNode, useState } from "react";
import { keys, local } from "../../../lib/storage";
import { useAuth, useHeartbeat } from "../../auth/hooks/use-auth";
import { usePublicConfig } from "../../auth/hooks/use-public-config";
import { Icon } from "../../../components/ui/icons";
import { useWorkspaces } from "../../workspaces/hooks/use-workspaces";
import { PastDueBanner } from "../../billing/components/past-due-banner";
import { Sidebar } from "./sidebar";

function initialCollapsed(): boolean {
  const stored = local.get(keys.sidebarCollapsed);
  if (stored !== null) return stored === "1";
  // Narrow screens start collapsed so the content keeps its room.
  return typeof window !== "undefined" && window.innerWidth < 768;
}

/** Logged-in frame: sidebar, slim header (workspace and offline badge), page content. */
export function AppShell({ children }: { children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const { isAuthenticated } = useAuth();
  useHeartbeat(isAuthenticated);

  const toggle = () =>
    setCollapsed((c) => {
      local.set(keys.sidebarCollapsed, c ? "0" : "1");
      return !c;
    });

  return (
    <div className="flex min-h-screen bg-base-200">
      <Sidebar collapsed={collapsed} onToggle={toggle} />
      <div className="flex min-w-0 flex-1 flex-col">
        <ShellHeader />
        <PastDueBanner />
        <main className="flex-1 p-4 sm:p-6 lg:p-8">{children}</main>
      </div>
    </div>
  );
}

function ShellHeader() {
  const { current } = useWorkspaces();
  const { data: config } = usePublicConfig();
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center justify-between gap-3 border-base-300 border-b bg-base-100/90 px-4 backdrop-blur sm:px-6">
      <div className="flex min-w-0 items-center gap-2 text-sm">
        <Icon name="building" className="size-4 shrink-0 text-base-content/50" />
        <span className="truncate text-base-content/70">{current?.name ?? ""}</span>
      </div>
      {config?.offlineMode && (
        <div
          className="tooltip tooltip-left"
          data-tip="Nenhuma chave de provedor de IA configurada: os agentes respondem a partir do próprio conhecimento, sem IA externa."
        >
          <span className="badge badge-warning badge-soft gap-1 whitespace-nowrap" title="Nenhuma chave de provedor de IA configurada">
            <Icon name="wifiOff" className="size-3.5" />
            modo offline
          </span>
        </div>
      )}
    </header>
  );
}
