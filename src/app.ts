import { Hono } from "hono";
import { appRouter } from "../routers/_app";
import { createTrpcContext } from "../routers/context";
import { authRoutes } from "./api/auth";
import { configRoutes, devRoutes } from "./api/config";
import type { HonoEnv } from "./api/context";
import { toHttpError } from "./api/errors";
import { embedPreflight } from "./api/embed-cors";
import { healthRoute } from "./api/health";
import { registerJobsStatus } from "./services/admin/platform/status";
import { csrfMiddleware, sessionMiddleware } from "./api/middleware";
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
import { mountLazy } from "./api/lazy-routes";

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
  // Every domain's routes are imported on their first request (src/api/lazy-routes.ts).
  mountLazy(app, "/webhooks/whatsapp", () => import("./api/webhooks/whatsapp").then((m) => m.whatsappWebhookRoutes(deps)));
  mountLazy(app, "/webhooks/telegram", () => import("./api/webhooks/telegram").then((m) => m.telegramWebhookRoutes(deps)));
  mountLazy(app, "/webhooks/uazapi", () => import("./api/webhooks/uazapi").then((m) => m.uazapiWebhookRoutes(deps)));
  mountLazy(app, "/webhooks/instagram", () => import("./api/webhooks/instagram").then((m) => m.instagramWebhookRoutes(deps)));
  mountLazy(app, "/webhooks/stripe", () => import("./api/webhooks/stripe").then((m) => m.stripeWebhookRoutes(deps)));
  // The embeddable widget and the preflights of the public paths it calls from other sites: no
  // session, no CSRF cookie (src/api/embed-cors.ts).
  app.get("/widget.js", serveWidget);
  app.options("/api/v1/public/agents/:id", embedPreflight(deps, "GET"));
  app.options("/api/v1/agents/:id/chat-external", embedPreflight(deps, "POST"));
  app.options("/api/v1/agents/:id/feedback", embedPreflight(deps, "POST"));
  app.use("/api/*", sessionMiddleware(deps), csrfMiddleware(deps));
  app.use("/trpc/*", sessionMiddleware(deps), csrfMiddleware(deps));

  app.get("/api/v1/openapi.json", async (c) => c.json((await import("./api/openapi")).openApiDocument(deps.appUrl)));
  app.route("/api/v1/auth", authRoutes);
  mountLazy(app, "/api/v1/account", () => import("./api/account").then((m) => m.accountRoutes));
  mountLazy(app, "/api/v1/users", () => import("./api/account").then((m) => m.userAvatarRoutes));
  mountLazy(app, "/api/v1/workspaces", () => import("./api/workspaces").then((m) => m.workspaceRoutes));
  mountLazy(app, "/api/v1/public/agents", () => import("./api/public-chat").then((m) => m.publicAgentRoutes));
  // Public chat paths sit under /agents but need no session: first, before the authenticated routes.
  mountLazy(app, "/api/v1/agents", async () => {
    const [chat, training, agents] = await Promise.all([import("./api/public-chat"), import("./api/training"), import("./api/agents")]);
    const limits = { visitorPerMin: deps.env.PUBLIC_CHAT_VISITOR_PER_MIN, agentPerMin: deps.env.PUBLIC_CHAT_AGENT_PER_MIN };
    return new Hono<HonoEnv>().route("/", chat.publicChatRoutes(limits)).route("/", training.trainingRoutes).route("/", agents.agentRoutes);
  });
  mountLazy(app, "/api/v1/conversations", () => import("./api/conversations").then((m) => m.conversationRoutes));
  mountLazy(app, "/api/v1/contacts", () => import("./api/contacts").then((m) => m.contactRoutes));
  mountLazy(app, "/api/v1/logs", () => import("./api/logs").then((m) => m.logRoutes));
  mountLazy(app, "/api/v1/billing", () => import("./api/billing").then((m) => m.billingRoutes));
  mountLazy(app, "/api/v1/credit-usage", () => import("./api/credits").then((m) => m.creditRoutes));
  mountLazy(app, "/api/v1/integrations/google-calendar", () => import("./api/google-calendar-callback").then((m) => m.googleCalendarCallbackRoutes));
  // Issue 19: support requests, protected files, academy uploads and certificates.
  mountLazy(app, "/api/v1/support", () => import("./api/support").then((m) => m.supportRoutes));
  mountLazy(app, "/api/v1/files", () => import("./api/files").then((m) => m.fileRoutes));
  // Before /api/v1/admin: a path it does not know falls through to the admin routes.
  mountLazy(app, "/api/v1/admin/academy", () => import("./api/academy-uploads").then((m) => m.academyUploadRoutes));
  mountLazy(app, "/api/v1/academy/certificates", () => import("./api/certificates").then((m) => m.certificateRoutes));
  mountLazy(app, "/api/v1/admin", () => import("./api/admin").then((m) => m.adminRoutes));
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
