import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ToastProvider } from "./components/ui/toast";
import { LogoutOverlay } from "./features/auth/components/logout-overlay";
import { publicConfigQuery } from "./features/auth/hooks/use-public-config";
import { installNavGuard } from "./lib/nav-guard";
import { queryClient } from "./lib/query-client";
import { AppRoutes, loadPage } from "./routes";

const root = document.getElementById("root");
if (!root) throw new Error("#root ausente em index.html");

// Early, harmless read: it tells us the logout target and offline mode, and its answer sets the
// atenda_csrf cookie before the first write of a visitor who opened a public page directly.
void queryClient.prefetchQuery(publicConfigQuery);

// Before the router mounts: its popstate listener must come second (see nav-guard.ts).
installNavGuard();

// The first page's module comes before the first render (routes.tsx, lazyPage). No top-level
// await: that page's chunk imports this one, which would wait for itself.
void loadPage(window.location.pathname)
  .catch(() => {})
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <AppRoutes />
            <LogoutOverlay />
          </ToastProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
