import { type ComponentType, lazy, useState } from "react";
import { Redirect, Route, Switch } from "wouter";
import { PageLoader, PageSuspense } from "./components/ui/spinner";
import { useAuth } from "./features/auth/hooks/use-auth";
import { keys, postLoginTarget, session } from "./lib/storage";

type Page = { load: () => Promise<{ default: ComponentType }>; loaded: ComponentType | null; Lazy: ComponentType };

/**
 * A page loaded on demand (SPEC §2; the fallback text is 'Carregando...') that renders at once when
 * its module is already in. main.tsx loads the first page (preloaded by the HTML) before the first
 * render, so the first paint is the page itself, not the fallback and React's ~300 ms reveal delay.
 */
function lazyPage(importer: () => Promise<{ default: ComponentType }>): Page {
  const page: Page = {
    loaded: null,
    load: () =>
      importer().then((m) => {
        page.loaded = m.default;
        return m;
      }),
    Lazy: lazy(() => page.load()),
  };
  return page;
}

/** Decided once per mount, so a page never remounts when its module arrives. */
function PageView({ page }: { page: Page }) {
  const [Component] = useState(() => page.loaded ?? page.Lazy);
  return <Component />;
}

const PublicChatPage = lazy(() => import("./features/public-chat/pages/public-chat"));
// A certificate's public verification (issue 19): anyone with the code, no login.
const CertificateVerifyPage = lazy(() => import("./features/academy/pages/certificate-verify"));

/** Public pages at exact paths (no params). */
const PUBLIC_PAGES: Record<string, Page> = {
  "/login": lazyPage(() => import("./features/auth/pages/login")),
  "/register": lazyPage(() => import("./features/auth/pages/register")),
  "/forgot-password": lazyPage(() => import("./features/auth/pages/forgot-password")),
  "/reset-password": lazyPage(() => import("./features/auth/pages/reset-password")),
  "/verify-email": lazyPage(() => import("./features/auth/pages/verify-email")),
  "/termos": lazyPage(() => import("./features/legal/pages/terms")),
  "/privacidade": lazyPage(() => import("./features/legal/pages/privacy")),
  "/reembolso": lazyPage(() => import("./features/legal/pages/refund")),
  "/convite": lazyPage(() => import("./features/invitations/pages/accept-invitation")),
};

/** Loads the module of the public page at `path`, if it is one (see lazyPage). */
export function loadPage(path: string): Promise<unknown> {
  return Object.hasOwn(PUBLIC_PAGES, path) ? (PUBLIC_PAGES[path]?.load() ?? Promise.resolve()) : Promise.resolve();
}

// The authenticated area (shell, route table, its pages) is one lazy chunk too.
const ShellArea = lazy(() => import("./features/shell/shell-area"));

export function AppRoutes() {
  return (
    <PageSuspense>
      <Switch>
        {Object.entries(PUBLIC_PAGES).map(([path, page]) => (
          <Route key={path} path={path}>
            <PageView page={page} />
          </Route>
        ))}
        <Route path="/chat/:id" component={PublicChatPage} />
        <Route path="/chat/*" component={PublicChatPage} />
        <Route path="/certificado/:code" component={CertificateVerifyPage} />
        <Route path="/" component={RootRedirect} />
        <Route path="/workspace/dashboard">
          <ShellArea />
        </Route>
        <Route path="/workspace/:id/dashboard">
          <Redirect to="/dashboard" replace />
        </Route>
        <Route path="/workspace/:id">
          <Redirect to="/workspace" replace />
        </Route>
        <Route>
          <ShellArea />
        </Route>
      </Switch>
    </PageSuspense>
  );
}

/** '/' → /dashboard when authenticated (unless arriving from logout), else /login. */
function RootRedirect() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <PageLoader label="Carregando..." />;
  const fromLogout = session.get(keys.logoutFlag) === "1";
  return <Redirect to={isAuthenticated && !fromLogout ? postLoginTarget() : "/login"} replace />;
}

