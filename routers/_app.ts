import { accountRouter } from "./account";
import { adminRouter } from "./admin";
import { adminCreditsRouter } from "./admin-credits";
import { adminMailRouter } from "./admin-mail";
import { adminPlatformRouter } from "./admin-platform";
import { adminUsersRouter } from "./admin-users";
import { adminWorkspacesRouter } from "./admin-workspaces";
import { logsRouter } from "./logs";
import { adminBillingRouter } from "./admin-billing";
import { affiliatesRouter } from "./affiliates";
import { billingRouter } from "./billing";
import { billingUsageRouter } from "./billing-usage";
import { campaignsRouter } from "./campaigns";
import { couponsRouter } from "./coupons";
import { leadsRouter } from "./leads";
import { validationRouter } from "./validation";
import { agentsRouter } from "./agents";
import { authRouter } from "./auth";
import { agendorRouter } from "./agendor";
import { calendarRouter } from "./calendar";
import { emailIntegrationRouter } from "./email-integration";
import { n8nRouter } from "./n8n";
import { notionRouter } from "./notion";
import { nuvemshopRouter } from "./nuvemshop";
import { webSearchRouter } from "./web-search";
import { channelsRouter } from "./channels";
import { contactsRouter } from "./contacts";
import { conversationsRouter } from "./conversations";
import { funnelRouter } from "./funnel";
import { variablesRouter } from "./variables";
import { creditsRouter, dashboardRouter } from "./dashboard";
import { dynamicApiRouter } from "./dynamic-api";
import { trainingRouter } from "./training";
import { router } from "./trpc";
import { orchestrationsRouter } from "./orchestrations";
import { handoffsRouter } from "./handoffs";
import { abTestsRouter } from "./ab-tests";
import { insightsRouter } from "./insights";
import { memoryRouter } from "./memory";
import { feedbackRouter } from "./feedback";
import { agentAiFeaturesRouter } from "./agent-ai-features";
import { invitationsRouter, workspacesRouter } from "./workspaces";
import { academyRouter } from "./academy";
import { academyQuizRouter } from "./academy-quiz";
import { certificatesRouter } from "./certificates";
import { adminAcademyRouter } from "./admin-academy";
import { adminAcademyRecordingRouter } from "./admin-academy-recording";
import { supportRouter } from "./support";
import { adminSupportRouter } from "./admin-support";
import { suggestionsRouter } from "./suggestions";
import { adminSuggestionsRouter } from "./admin-suggestions";

export const appRouter = router({
  auth: authRouter,
  workspaces: workspacesRouter,
  invitations: invitationsRouter,
  dashboard: dashboardRouter,
  credits: creditsRouter,
  agents: agentsRouter,
  admin: adminRouter,
  training: trainingRouter,
  channels: channelsRouter,
  conversations: conversationsRouter,
  dynamicApi: dynamicApiRouter,
  calendar: calendarRouter,
  agendor: agendorRouter,
  n8n: n8nRouter,
  webSearch: webSearchRouter,
  emailIntegration: emailIntegrationRouter,
  nuvemshop: nuvemshopRouter,
  notion: notionRouter,
  contacts: contactsRouter,
  funnel: funnelRouter,
  variables: variablesRouter,
  billing: billingRouter,
  billingUsage: billingUsageRouter,
  coupons: couponsRouter,
  adminBilling: adminBillingRouter,
  affiliates: affiliatesRouter,
  campaigns: campaignsRouter,
  leads: leadsRouter,
  validation: validationRouter,
  account: accountRouter,
  logs: logsRouter,
  adminUsers: adminUsersRouter,
  adminWorkspaces: adminWorkspacesRouter,
  adminCredits: adminCreditsRouter,
  adminMail: adminMailRouter,
  adminPlatform: adminPlatformRouter,
  orchestrations: orchestrationsRouter,
  handoffs: handoffsRouter,
  abTests: abTestsRouter,
  insights: insightsRouter,
  memory: memoryRouter,
  feedback: feedbackRouter,
  agentAiFeatures: agentAiFeaturesRouter,
  academy: academyRouter,
  academyQuiz: academyQuizRouter,
  certificates: certificatesRouter,
  adminAcademy: adminAcademyRouter,
  adminAcademyRecording: adminAcademyRecordingRouter,
  support: supportRouter,
  adminSupport: adminSupportRouter,
  suggestions: suggestionsRouter,
  adminSuggestions: adminSuggestionsRouter,
});

export type AppRouter = typeof appRouter;
