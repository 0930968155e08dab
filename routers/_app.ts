import { lazy } from "@trpc/server";
import { authRouter } from "./auth";
import { router } from "./trpc";

/**
 * Every domain router but auth is loaded on its first call (tRPC's lazy(); getProcedureAtPath loads
 * it): a start evaluates only what the login page needs, so the binary starts sooner and idles
 * smaller (issue 12, bench/binary.ts). Each module is a chunk of its own in the binary
 * (scripts/build-bin.ts: splitting). loadAllRouters() is for whoever must see every procedure.
 */
export const appRouter = router({
  auth: authRouter,
  workspaces: lazy(() => import("./workspaces").then((m) => m.workspacesRouter)),
  invitations: lazy(() => import("./workspaces").then((m) => m.invitationsRouter)),
  dashboard: lazy(() => import("./dashboard").then((m) => m.dashboardRouter)),
  credits: lazy(() => import("./dashboard").then((m) => m.creditsRouter)),
  agents: lazy(() => import("./agents").then((m) => m.agentsRouter)),
  admin: lazy(() => import("./admin").then((m) => m.adminRouter)),
  training: lazy(() => import("./training").then((m) => m.trainingRouter)),
  channels: lazy(() => import("./channels").then((m) => m.channelsRouter)),
  conversations: lazy(() => import("./conversations").then((m) => m.conversationsRouter)),
  dynamicApi: lazy(() => import("./dynamic-api").then((m) => m.dynamicApiRouter)),
  calendar: lazy(() => import("./calendar").then((m) => m.calendarRouter)),
  agendor: lazy(() => import("./agendor").then((m) => m.agendorRouter)),
  n8n: lazy(() => import("./n8n").then((m) => m.n8nRouter)),
  webSearch: lazy(() => import("./web-search").then((m) => m.webSearchRouter)),
  emailIntegration: lazy(() => import("./email-integration").then((m) => m.emailIntegrationRouter)),
  nuvemshop: lazy(() => import("./nuvemshop").then((m) => m.nuvemshopRouter)),
  notion: lazy(() => import("./notion").then((m) => m.notionRouter)),
  contacts: lazy(() => import("./contacts").then((m) => m.contactsRouter)),
  funnel: lazy(() => import("./funnel").then((m) => m.funnelRouter)),
  variables: lazy(() => import("./variables").then((m) => m.variablesRouter)),
  billing: lazy(() => import("./billing").then((m) => m.billingRouter)),
  billingUsage: lazy(() => import("./billing-usage").then((m) => m.billingUsageRouter)),
  coupons: lazy(() => import("./coupons").then((m) => m.couponsRouter)),
  adminBilling: lazy(() => import("./admin-billing").then((m) => m.adminBillingRouter)),
  affiliates: lazy(() => import("./affiliates").then((m) => m.affiliatesRouter)),
  campaigns: lazy(() => import("./campaigns").then((m) => m.campaignsRouter)),
  leads: lazy(() => import("./leads").then((m) => m.leadsRouter)),
  validation: lazy(() => import("./validation").then((m) => m.validationRouter)),
  account: lazy(() => import("./account").then((m) => m.accountRouter)),
  logs: lazy(() => import("./logs").then((m) => m.logsRouter)),
  adminUsers: lazy(() => import("./admin-users").then((m) => m.adminUsersRouter)),
  adminWorkspaces: lazy(() => import("./admin-workspaces").then((m) => m.adminWorkspacesRouter)),
  adminCredits: lazy(() => import("./admin-credits").then((m) => m.adminCreditsRouter)),
  adminMail: lazy(() => import("./admin-mail").then((m) => m.adminMailRouter)),
  adminPlatform: lazy(() => import("./admin-platform").then((m) => m.adminPlatformRouter)),
  orchestrations: lazy(() => import("./orchestrations").then((m) => m.orchestrationsRouter)),
  handoffs: lazy(() => import("./handoffs").then((m) => m.handoffsRouter)),
  abTests: lazy(() => import("./ab-tests").then((m) => m.abTestsRouter)),
  insights: lazy(() => import("./insights").then((m) => m.insightsRouter)),
  memory: lazy(() => import("./memory").then((m) => m.memoryRouter)),
  feedback: lazy(() => import("./feedback").then((m) => m.feedbackRouter)),
  agentAiFeatures: lazy(() => import("./agent-ai-features").then((m) => m.agentAiFeaturesRouter)),
  academy: lazy(() => import("./academy").then((m) => m.academyRouter)),
  academyQuiz: lazy(() => import("./academy-quiz").then((m) => m.academyQuizRouter)),
  certificates: lazy(() => import("./certificates").then((m) => m.certificatesRouter)),
  adminAcademy: lazy(() => import("./admin-academy").then((m) => m.adminAcademyRouter)),
  adminAcademyRecording: lazy(() => import("./admin-academy-recording").then((m) => m.adminAcademyRecordingRouter)),
  support: lazy(() => import("./support").then((m) => m.supportRouter)),
  adminSupport: lazy(() => import("./admin-support").then((m) => m.adminSupportRouter)),
  suggestions: lazy(() => import("./suggestions").then((m) => m.suggestionsRouter)),
  adminSuggestions: lazy(() => import("./admin-suggestions").then((m) => m.adminSuggestionsRouter)),
});

export type AppRouter = typeof appRouter;

/** Loads every lazy domain router, so appRouter._def.procedures lists them all (the guard matrix, the fuzzing). */
export async function loadAllRouters(): Promise<void> {
  for (;;) {
    const pending = Object.values(appRouter._def.lazy);
    if (pending.length === 0) return;
    await Promise.all(pending.map((l) => l.load()));
  }
}
