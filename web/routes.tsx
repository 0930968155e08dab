import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter } from "wouter";
import { NotAvailable } from "./components/ui/not-available";
import { PageErrorBoundary } from "./components/ui/page-error-boundary";
import { PageLoader } from "./components/ui/spinner";
import { ADMIN_SECTIONS } from "./features/admin/sections";
import { useAuth } from "./features/auth/hooks/use-auth";
import { AppShell } from "./features/shell/components/app-shell";
import { RequireAdmin, RequireAuth } from "./features/shell/components/guards";
import { keys, postLoginTarget, session } from "./lib/storage";

// Pages load on demand (SPEC §2); the fallback text is 'Carregando...'.
const LoginPage = lazy(() => import("./features/auth/pages/login"));
const RegisterPage = lazy(() => import("./features/auth/pages/register"));
const ForgotPasswordPage = lazy(() => import("./features/auth/pages/forgot-password"));
const ResetPasswordPage = lazy(() => import("./features/auth/pages/reset-password"));
const VerifyEmailPage = lazy(() => import("./features/auth/pages/verify-email"));
const TermsPage = lazy(() => import("./features/legal/pages/terms"));
const PrivacyPage = lazy(() => import("./features/legal/pages/privacy"));
const RefundPage = lazy(() => import("./features/legal/pages/refund"));
const AcceptInvitationPage = lazy(() => import("./features/invitations/pages/accept-invitation"));
const PublicChatPage = lazy(() => import("./features/public-chat/pages/public-chat"));
const NotFoundPage = lazy(() => import("./features/misc/pages/not-found"));
const DashboardPage = lazy(() => import("./features/dashboard/pages/dashboard"));
const WorkspaceOverviewPage = lazy(() => import("./features/workspaces/pages/workspace-overview"));
const AdminHomePage = lazy(() => import("./features/admin/pages/admin-home"));
const AgentsListPage = lazy(() => import("./features/agents/pages/agents-list"));
const AgentEditorPage = lazy(() => import("./features/agents/pages/agent-editor"));
const AiProvidersPage = lazy(() => import("./features/admin/pages/ai-providers"));
const PromptSystemPage = lazy(() => import("./features/admin/pages/prompt-system"));
const ConversationsPage = lazy(() => import("./features/conversations/pages/conversations"));
const SystemStatusPage = lazy(() => import("./features/admin/pages/system-status"));
const AdminSettingsPage = lazy(() => import("./features/admin/pages/settings"));

/** Admin sections that have a screen; the others show their title and the plain note. */
const ADMIN_PAGES: Record<string, ComponentType> = {
  "/admin/openai-config": AiProvidersPage,
  // Models are configured per provider, so "Modelos de IA" is the same screen.
  "/admin/modelos": AiProvidersPage,
  "/admin/prompt-system": PromptSystemPage,
  "/admin/status": SystemStatusPage,
  "/admin/configuracoes": AdminSettingsPage,
};

/** A real page, or only a pt-BR title for areas that later issues deliver. */
type RouteDef = { path: string; page: ComponentType } | { path: string; title: string };

/** Authenticated routes of SPEC §2. Areas of later issues show their title and a plain note. */
export const PROTECTED_ROUTES: RouteDef[] = [
  { path: "/dashboard", page: DashboardPage },
  { path: "/workspace", page: WorkspaceOverviewPage },
  { path: "/workspace/dashboard", title: "Dashboard do Workspace" },
  { path: "/agents", page: AgentsListPage },
  { path: "/agent/:agentId", page: AgentEditorPage },
  { path: "/conversations", page: ConversationsPage },
  { path: "/funil", title: "Funil" },
  { path: "/contatos", title: "Contatos" },
  { path: "/campanhas", title: "Campanhas" },
  { path: "/campanhas/criar", title: "Criar Campanha" },
  { path: "/multi-agentes", title: "Multi Agentes" },
  { path: "/multi-agentes/:orchestrationId", title: "Orquestração de Agentes" },
  { path: "/leads-hunter", title: "Leads Hunter" },
  { path: "/leads-hunter/:listId", title: "Lista de Leads" },
  { path: "/academy", title: "Academy" },
  { path: "/academy/courses/:id", title: "Curso" },
  { path: "/academy/lessons/:lessonId", title: "Aula" },
  { path: "/faturamento", title: "Faturamento" },
  { path: "/planos", title: "Planos" },
  { path: "/creditos-adicionais", title: "Créditos Adicionais" },
  { path: "/checkout", title: "Checkout" },
  { path: "/feature-suggestions", title: "Sugira uma funcionalidade" },
  { path: "/logs", title: "Logs" },
  { path: "/validation", title: "Validação" },
  { path: "/afiliados", title: "Afiliados" },
  { path: "/account", title: "Conta" },
];

export const ADMIN_ROUTES: RouteDef[] = [
  { path: "/admin", page: AdminHomePage },
  ...ADMIN_SECTIONS.map((s): RouteDef => {
    const page = ADMIN_PAGES[s.path];
    return page ? { path: s.path, page } : { path: s.path, title: s.title };
  }),
];

const withFallback = (node: ReactNode) => <Suspense fallback={<PageLoader label="Carregando..." />}>{node}</Suspense>;

export function AppRoutes() {
  return withFallback(
    <Switch>
      <Route path="/login" component={LoginPage} />
      <Route path="/register" component={RegisterPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/verify-email" component={VerifyEmailPage} />
      <Route path="/termos" component={TermsPage} />
      <Route path="/privacidade" component={PrivacyPage} />
      <Route path="/reembolso" component={RefundPage} />
      <Route path="/convite" component={AcceptInvitationPage} />
      <Route path="/chat/:id" component={PublicChatPage} />
      <Route path="/chat/*" component={PublicChatPage} />
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
    </Switch>,
  );
}

/** '/' → /dashboard when authenticated (unless arriving from logout), else /login. */
function RootRedirect() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <PageLoader label="Carregando..." />;
  const fromLogout = session.get(keys.logoutFlag) === "1";
  return <Redirect to={isAuthenticated && !fromLogout ? postLoginTarget() : "/login"} replace />;
}

/** Everything behind login. Unknown paths get the 404 page without asking for a session. */
function ShellArea() {
  const [path] = useLocation();
  const { parser } = useRouter();
  const matches = (r: RouteDef) => matchRoute(parser, r.path, path)[0];
  const isAdmin = ADMIN_ROUTES.some(matches);
  if (!isAdmin && !PROTECTED_ROUTES.some(matches)) return <NotFoundPage />;
  return (
    <RequireAuth>
      <RequireAdmin active={isAdmin}>
        <AppShell>
          <PageErrorBoundary key={path}>
            {withFallback(
              <Switch>
                {[...PROTECTED_ROUTES, ...ADMIN_ROUTES].map((r) => (
                  <Route key={r.path} path={r.path}>
                    {"page" in r ? <r.page /> : <NotAvailable title={r.title} />}
                  </Route>
                ))}
              </Switch>,
            )}
          </PageErrorBoundary>
        </AppShell>
      </RequireAdmin>
    </RequireAuth>
  );
}
