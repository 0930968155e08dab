import { type ComponentType, lazy } from "react";
import { matchRoute, Route, Switch, useLocation, useRouter } from "wouter";
import { NotAvailable } from "../../components/ui/not-available";
import { PageErrorBoundary } from "../../components/ui/page-error-boundary";
import { PageSuspense } from "../../components/ui/spinner";
import { ADMIN_SECTIONS } from "../admin/sections";
import { BugReportDialog } from "./components/bug-report-dialog";
import { AppShell } from "./components/app-shell";
import { RequireAdmin, RequireAuth } from "./components/guards";

/**
 * Everything behind login, loaded as one chunk of its own (web/routes.tsx): the public pages
 * (login, /chat/{id}) never download the shell, its queries or the authenticated pages' table.
 */
const NotFoundPage = lazy(() => import("../misc/pages/not-found"));
const DashboardPage = lazy(() => import("../dashboard/pages/dashboard"));
const WorkspaceOverviewPage = lazy(() => import("../workspaces/pages/workspace-overview"));
const AdminHomePage = lazy(() => import("../admin/pages/admin-home"));
const AgentsListPage = lazy(() => import("../agents/pages/agents-list"));
const AgentEditorPage = lazy(() => import("../agents/pages/agent-editor"));
const AiProvidersPage = lazy(() => import("../admin/pages/ai-providers"));
const PromptSystemPage = lazy(() => import("../admin/pages/prompt-system"));
const ConversationsPage = lazy(() => import("../conversations/pages/conversations"));
const SystemStatusPage = lazy(() => import("../admin/pages/system-status"));
const AdminSettingsPage = lazy(() => import("../admin/pages/settings"));
const ContactsPage = lazy(() => import("../crm/contacts/pages/contacts"));
const ContactDetailPage = lazy(() => import("../crm/contacts/pages/contact-detail"));
const FunnelPage = lazy(() => import("../crm/funnel/pages/funnel"));
const DealPage = lazy(() => import("../crm/funnel/pages/deal"));
const BillingPage = lazy(() => import("../billing/pages/billing"));
const PlansPage = lazy(() => import("../billing/pages/plans"));
const CreditPacksPage = lazy(() => import("../billing/pages/credit-packs"));
const CheckoutPage = lazy(() => import("../billing/pages/checkout"));
const AffiliatesPage = lazy(() => import("../affiliates/pages/affiliates"));
const AdminPlansPage = lazy(() => import("../admin/pages/plans/plans-list"));
const AdminPlanFormPage = lazy(() => import("../admin/pages/plans/plan-form"));
const AdminCouponsPage = lazy(() => import("../admin/pages/coupons/coupons-list"));
const AdminCouponFormPage = lazy(() => import("../admin/pages/coupons/coupon-form"));
const StripeConfigPage = lazy(() => import("../admin/pages/stripe-config"));
const AdminPaymentsPage = lazy(() => import("../admin/pages/payments"));
const AdminAffiliatesPage = lazy(() => import("../admin/pages/affiliates"));
const CampaignsPage = lazy(() => import("../campaigns/pages/campaigns"));
const CampaignCreatePage = lazy(() => import("../campaigns/pages/campaign-create"));
const CampaignDetailPage = lazy(() => import("../campaigns/pages/campaign-detail"));
const CampaignListDetailPage = lazy(() => import("../campaigns/pages/campaign-list-detail"));
const LeadListsPage = lazy(() => import("../leads/pages/lead-lists"));
const LeadListPage = lazy(() => import("../leads/pages/lead-list"));
const MultiAgentsPage = lazy(() => import("../orchestration/pages/multi-agents"));
const OrchestrationDetailPage = lazy(() => import("../orchestration/pages/orchestration-detail"));
const AbTestDetailPage = lazy(() => import("../ab-tests/pages/ab-test-detail"));
const AgentFeedbackPage = lazy(() => import("../feedback/pages/agent-feedback"));
const ValidationPage = lazy(() => import("../validation/pages/validation"));
const AccountPage = lazy(() => import("../account/pages/account"));
const LogsPage = lazy(() => import("../logs/pages/logs"));
const WorkspaceDashboardPage = lazy(() => import("../workspaces/pages/workspace-dashboard"));
const AdminUsersPage = lazy(() => import("../admin/pages/users/users-list"));
const AdminUserDetailPage = lazy(() => import("../admin/pages/users/user-detail"));
const AdminWorkspacesPage = lazy(() => import("../admin/pages/workspaces/workspaces-list"));
const AdminWorkspaceEditPage = lazy(() => import("../admin/pages/workspaces/workspace-edit"));
const AdminAgentsPage = lazy(() => import("../admin/pages/agents/agents-list"));
const CreditGrantsPage = lazy(() => import("../admin/pages/credits/credit-grants"));
const CreditConfigPage = lazy(() => import("../admin/pages/credits/credit-config"));
const ModelPricingPage = lazy(() => import("../admin/pages/models/model-pricing"));
const EmailTemplatesPage = lazy(() => import("../admin/pages/mail/email-templates"));
const EmailDemoPage = lazy(() => import("../admin/pages/mail/email-demo"));
const EmailTestPage = lazy(() => import("../admin/pages/mail/email-test"));
const PlatformUazapiPage = lazy(() => import("../admin/pages/platform/uazapi"));
const PlatformWhatsappPage = lazy(() => import("../admin/pages/platform/whatsapp-config"));
const AcademyPage = lazy(() => import("../academy/pages/academy"));
const CoursePage = lazy(() => import("../academy/pages/course"));
const LessonPage = lazy(() => import("../academy/pages/lesson"));
const QuizPage = lazy(() => import("../academy/pages/quiz"));
const AcademyAdminPage = lazy(() => import("../admin/pages/academy/academy-admin"));
const CourseEditorPage = lazy(() => import("../admin/pages/academy/course-editor"));
const RecordLessonPage = lazy(() => import("../admin/pages/academy/record"));
const SupportListPage = lazy(() => import("../admin/pages/support/support-list"));
const SupportDetailPage = lazy(() => import("../admin/pages/support/support-detail"));
const MyRequestsPage = lazy(() => import("../support/pages/my-requests"));
const MyRequestPage = lazy(() => import("../support/pages/my-request"));
const FeatureSuggestionsPage = lazy(() => import("../suggestions/pages/feature-suggestions"));
const AdminSuggestionsPage = lazy(() => import("../admin/pages/suggestions/suggestions"));

/** Admin sections that have a screen; the others show their title and the plain note. */
const ADMIN_PAGES: Record<string, ComponentType> = {
  "/admin/openai-config": AiProvidersPage,
  "/admin/modelos": ModelPricingPage,
  "/admin/usuarios": AdminUsersPage,
  "/admin/usuarios/:id": AdminUserDetailPage,
  "/admin/espacos": AdminWorkspacesPage,
  "/admin/workspaces/editar/:id": AdminWorkspaceEditPage,
  "/admin/agentes": AdminAgentsPage,
  "/admin/gestao-creditos": CreditGrantsPage,
  "/admin/configuracoes/creditos": CreditConfigPage,
  "/admin/modelos-emails": EmailTemplatesPage,
  "/admin/modelos-emails/demonstracao": EmailDemoPage,
  "/admin/teste-emails": EmailTestPage,
  "/admin/uazapi": PlatformUazapiPage,
  "/admin/whatsapp-config": PlatformWhatsappPage,
  "/admin/prompt-system": PromptSystemPage,
  "/admin/status": SystemStatusPage,
  "/admin/configuracoes": AdminSettingsPage,
  "/admin/planos": AdminPlansPage,
  "/admin/planos/criar": AdminPlanFormPage,
  "/admin/planos/editar/:id": AdminPlanFormPage,
  "/admin/cupons": AdminCouponsPage,
  "/admin/cupons/criar": AdminCouponFormPage,
  "/admin/cupons/editar/:id": AdminCouponFormPage,
  "/admin/stripe-config": StripeConfigPage,
  "/admin/pagamentos": AdminPaymentsPage,
  "/admin/afiliados": AdminAffiliatesPage,
  "/admin/academy": AcademyAdminPage,
  "/admin/academy/cursos/:courseId": CourseEditorPage,
  "/admin/academy/record": RecordLessonPage,
  "/admin/suporte": SupportListPage,
  "/admin/suporte/:id": SupportDetailPage,
  "/admin/sugestoes": AdminSuggestionsPage,
};

/** A real page, or only a pt-BR title for areas that later issues deliver. */
type RouteDef = { path: string; page: ComponentType } | { path: string; title: string };

/** Authenticated routes of SPEC §2. Areas of later issues show their title and a plain note. */
export const PROTECTED_ROUTES: RouteDef[] = [
  { path: "/dashboard", page: DashboardPage },
  { path: "/workspace", page: WorkspaceOverviewPage },
  { path: "/workspace/dashboard", page: WorkspaceDashboardPage },
  { path: "/agents", page: AgentsListPage },
  { path: "/agent/:agentId", page: AgentEditorPage },
  { path: "/agent/:agentId/feedback", page: AgentFeedbackPage },
  { path: "/conversations", page: ConversationsPage },
  { path: "/funil", page: FunnelPage },
  { path: "/funil/negocios/:dealId", page: DealPage },
  { path: "/contatos", page: ContactsPage },
  { path: "/contatos/:contactId", page: ContactDetailPage },
  { path: "/campanhas", page: CampaignsPage },
  { path: "/campanhas/criar", page: CampaignCreatePage },
  { path: "/campanhas/listas/:listId", page: CampaignListDetailPage },
  { path: "/campanhas/:campaignId", page: CampaignDetailPage },
  { path: "/multi-agentes", page: MultiAgentsPage },
  { path: "/multi-agentes/testes-ab/:testId", page: AbTestDetailPage },
  { path: "/multi-agentes/:orchestrationId", page: OrchestrationDetailPage },
  { path: "/leads-hunter", page: LeadListsPage },
  { path: "/leads-hunter/:listId", page: LeadListPage },
  { path: "/academy", page: AcademyPage },
  { path: "/academy/courses/:id", page: CoursePage },
  { path: "/academy/lessons/:lessonId", page: LessonPage },
  { path: "/academy/quizzes/:quizId", page: QuizPage },
  { path: "/faturamento", page: BillingPage },
  { path: "/planos", page: PlansPage },
  { path: "/creditos-adicionais", page: CreditPacksPage },
  { path: "/checkout", page: CheckoutPage },
  { path: "/feature-suggestions", page: FeatureSuggestionsPage },
  { path: "/meus-chamados", page: MyRequestsPage },
  { path: "/meus-chamados/:id", page: MyRequestPage },
  { path: "/logs", page: LogsPage },
  { path: "/validation", page: ValidationPage },
  { path: "/afiliados", page: AffiliatesPage },
  { path: "/account", page: AccountPage },
];

export const ADMIN_ROUTES: RouteDef[] = [
  { path: "/admin", page: AdminHomePage },
  ...ADMIN_SECTIONS.map((s): RouteDef => {
    const page = ADMIN_PAGES[s.path];
    return page ? { path: s.path, page } : { path: s.path, title: s.title };
  }),
];

/** Everything behind login. Unknown paths get the 404 page without asking for a session. */
export default function ShellArea() {
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
            <PageSuspense>
              <Switch>
                {[...PROTECTED_ROUTES, ...ADMIN_ROUTES].map((r) => (
                  <Route key={r.path} path={r.path}>
                    {"page" in r ? <r.page /> : <NotAvailable title={r.title} />}
                  </Route>
                ))}
              </Switch>
            </PageSuspense>
          </PageErrorBoundary>
        </AppShell>
        <BugReportDialog />
      </RequireAdmin>
    </RequireAuth>
  );
}
