import { Hono } from "hono";
import { appRouter } from "../routers/_app";
import { createTrpcContext } from "../routers/context";
import { accountRoutes, userAvatarRoutes } from "./api/account";
import { adminRoutes } from "./api/admin";
import { authRoutes } from "./api/auth";
import { configRoutes, devRoutes } from "./api/config";
import type { HonoEnv } from "./api/context";
import { billingRoutes } from "./api/billing";
import { contactRoutes } from "./api/contacts";
import { logRoutes } from "./api/logs";
import { conversationRoutes } from "./api/conversations";
import { creditRoutes } from "./api/credits";
import { toHttpError } from "./api/errors";
import { embedPreflight } from "./api/embed-cors";
import { healthRoute } from "./api/health";
import { registerJobsStatus } from "./services/admin/platform/status";
import { googleCalendarCallbackRoutes } from "./api/google-calendar-callback";
import { csrfMiddleware, sessionMiddleware } from "./api/middleware";
import { agentRoutes } from "./api/agents";
import { openApiDocument } from "./api/openapi";
import { publicAgentRoutes, publicChatRoutes } from "./api/public-chat";
import { trainingRoutes } from "./api/training";
import { workspaceRoutes } from "./api/workspaces";
import { instagramWebhookRoutes } from "./api/webhooks/instagram";
import { stripeWebhookRoutes } from "./api/webhooks/stripe";
import { telegramWebhookRoutes } from "./api/webhooks/telegram";
import { uazapiWebhookRoutes } from "./api/webhooks/uazapi";
import { whatsappWebhookRoutes } from "./api/webhooks/whatsapp";
import { serveWidget } from "./widget/serve";
import { AppError } from "./lib/errors";
import type { AppDeps } from "./services/context";
import type { JobsStatus } from "./services/jobs";
import { logoutUser } from "./services/auth";
import { clearSessionCookie } from "./api/session-cookie";
import { getCookie } from "hono/cookie";
import { SESSION_COOKIE } from "./api/context";
import { bodyLimits } from "./api/body-limit";
import { securityHeaders } from "./api/security-headers";
import { referralMiddleware } from "./api/referral";
import { type SpaShell, isSpaPage, spaPage } from "./api/spa";
import { trpcMount } from "./api/trpc-mount";
import { supportRoutes } from "./api/support";
import { fileRoutes } from "./api/files";
import { academyUploadRoutes } from "./api/academy-uploads";
import { certificateRoutes } from "./api/certificates";

/**
 * The Hono app: /api/v1 (REST shim of SPEC §7), /trpc (the SPA's other calls) and, with `spa`, the
 * SPA's pages (Bun.serve routes serve the bundle's assets; src/api/spa.ts).
 */
export function createApp(deps: AppDeps, opts: { jobs?: () => JobsStatus | null; spa?: SpaShell } = {}) {
  const app = new Hono<HonoEnv>();
  const page = opts.spa ? spaPage(deps, opts.spa) : null;
  app.onError((err, c) => toHttpError(err, c));
  // Any other GET is a client-side route of the SPA; the rest is a JSON 404.
  app.notFound((c) =>
    page && isSpaPage(c.req.method, c.req.path) ? page(c) : toHttpError(new AppError("NOT_FOUND", "Rota não encontrada"), c),
  );
  // First, for every answer: headers on the way out, and bodies bounded before anyone reads them.
  app.use("*", securityHeaders(deps), bodyLimits(deps.env));
  // ?ref=CODE on a page: affiliate cookie + click (issue 15); a no-op without ?ref.
  app.use("*", referralMiddleware(deps));

  // Health needs no session: registered before the middleware so probes stay cheap.
  app.get("/api/v1/health", healthRoute(deps, opts.jobs ?? (() => null)));
  // /admin/status reads the same job loop through tRPC, which has only deps.
  registerJobsStatus(deps.db, opts.jobs ?? (() => null));
  // Provider webhooks carry their own proof (signature, verify token): no session, no CSRF.
  app.route("/webhooks/whatsapp", whatsappWebhookRoutes(deps));
  app.route("/webhooks/telegram", telegramWebhookRoutes(deps));
  app.route("/webhooks/uazapi", uazapiWebhookRoutes(deps));
  app.route("/webhooks/instagram", instagramWebhookRoutes(deps));
  app.route("/webhooks/stripe", stripeWebhookRoutes(deps));
  // The embeddable widget and the preflights of the public paths it calls from other sites: no
  // session, no CSRF cookie (src/api/embed-cors.ts).
  app.get("/widget.js", serveWidget);
  app.options("/api/v1/public/agents/:id", embedPreflight(deps, "GET"));
  app.options("/api/v1/agents/:id/chat-external", embedPreflight(deps, "POST"));
  app.options("/api/v1/agents/:id/feedback", embedPreflight(deps, "POST"));
  app.use("/api/*", sessionMiddleware(deps), csrfMiddleware(deps));
  app.use("/trpc/*", sessionMiddleware(deps), csrfMiddleware(deps));

  app.get("/api/v1/openapi.json", (c) => c.json(openApiDocument(deps.appUrl)));
  app.route("/api/v1/auth", authRoutes);
  app.route("/api/v1/account", accountRoutes);
  app.route("/api/v1/users", userAvatarRoutes);
  app.route("/api/v1/workspaces", workspaceRoutes);
  app.route("/api/v1/public/agents", publicAgentRoutes);
  // Public chat paths sit under /agents but need no session: mounted before the authenticated routes.
  app.route(
    "/api/v1/agents",
    publicChatRoutes({ visitorPerMin: deps.env.PUBLIC_CHAT_VISITOR_PER_MIN, agentPerMin: deps.env.PUBLIC_CHAT_AGENT_PER_MIN }),
  );
  app.route("/api/v1/agents", trainingRoutes);
  app.route("/api/v1/agents", agentRoutes);
  app.route("/api/v1/conversations", conversationRoutes);
  app.route("/api/v1/contacts", contactRoutes);
  app.route("/api/v1/logs", logRoutes);
  app.route("/api/v1/billing", billingRoutes);
  app.route("/api/v1/credit-usage", creditRoutes);
  app.route("/api/v1/integrations/google-calendar", googleCalendarCallbackRoutes);
  // Issue 19: support requests, protected files, academy uploads and certificates.
  app.route("/api/v1/support", supportRoutes);
  app.route("/api/v1/files", fileRoutes);
  app.route("/api/v1/admin/academy", academyUploadRoutes);
  app.route("/api/v1/academy/certificates", certificateRoutes);
  app.route("/api/v1/admin", adminRoutes);
  app.route("/api/v1/config", configRoutes);
  app.route("/api/v1/dev", devRoutes);
  // SPEC §7: "another logout call without the /api/v1 prefix also exists".
  app.post("/api/logout", async (c) => {
    await logoutUser(deps, c.get("meta"), getCookie(c, SESSION_COOKIE) ?? null, c.get("session")?.user.id ?? null);
    clearSessionCookie(c);
    return c.json({ data: { ok: true } });
  });

  app.use("/trpc/*", trpcMount({ endpoint: "/trpc", router: appRouter, createContext: createTrpcContext }));
  return app;
}
