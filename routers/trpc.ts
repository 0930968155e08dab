import { TRPCError, initTRPC } from "@trpc/server";
import { ZodError } from "zod";
import { AppError, type ErrorCode, GENERIC_INTERNAL, MALFORMED_REQUEST, NOT_AUTHENTICATED, fromZodError } from "../src/lib/errors";
import { recordServerError } from "../src/lib/error-counter";
import { log } from "../src/lib/logger";
import { type Permission, requireAdmin, requireMembership, requirePermission as grant } from "../src/services/access";
import { logActivity, redactSecrets } from "../src/services/activity";
import type { ServiceContext } from "../src/services/context";
import type { TrpcContext } from "./context";
import { wireTransformer } from "./transformer";

const trpcCode: Record<ErrorCode, TRPCError["code"]> = {
  NOT_FOUND: "NOT_FOUND",
  FORBIDDEN: "FORBIDDEN",
  UNAUTHORIZED: "UNAUTHORIZED",
  CONFLICT: "CONFLICT",
  VALIDATION: "BAD_REQUEST",
  LIMIT_EXCEEDED: "FORBIDDEN",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  PRECONDITION_FAILED: "PRECONDITION_FAILED",
  UNAVAILABLE: "SERVICE_UNAVAILABLE",
  INTERNAL: "INTERNAL_SERVER_ERROR",
};

const t = initTRPC.context<TrpcContext>().create({
  transformer: wireTransformer,
  errorFormatter({ shape, error }) {
    const appCode = error.cause instanceof AppError ? error.cause.code : undefined;
    // Which field failed validation, so forms can show the message under it.
    const field = error.cause instanceof AppError && typeof error.cause.details?.field === "string" ? error.cause.details.field : undefined;
    // Decoding failures never reach errorBoundary and carry the parser's English text.
    const undecodable = (error.code === "PARSE_ERROR" || error.code === "BAD_REQUEST") && !(error.cause instanceof AppError);
    return { ...shape, ...(undecodable ? { message: MALFORMED_REQUEST } : {}), data: { ...shape.data, appCode, field, stack: undefined } };
  },
});

export const router = t.router;

/**
 * Procedures nest a form's body under one key ({ agentId, config }); a failing field is named as
 * the form (and the REST route, which parses the body alone) knows it: "name", not "patch.name".
 */
const BODY_KEYS = new Set(["patch", "config", "settings", "intent", "api", "body", "chat"]);
function bodyRelative(app: AppError): AppError {
  const field = app.details?.field;
  const [head, ...rest] = typeof field === "string" ? field.split(".") : [];
  if (!head || !BODY_KEYS.has(head) || rest.length === 0) return app;
  return new AppError(app.code, app.message, { ...app.details, field: rest.join(".") });
}

/**
 * The one mapper to tRPC: AppError and ZodError keep their pt-BR message and get the matching
 * code; anything else becomes INTERNAL with a generic message and a log line (no stack leaks).
 * tRPC's own errors (an undecodable input) pass as they are.
 */
function mapError(error: TRPCError): TRPCError {
  const cause = error.cause;
  if (cause instanceof AppError || cause instanceof ZodError) {
    const app = cause instanceof AppError ? cause : bodyRelative(fromZodError(cause));
    return new TRPCError({ code: trpcCode[app.code], message: app.message, cause: app });
  }
  if (error.code === "INTERNAL_SERVER_ERROR") {
    log.error("unhandled trpc error", { error: error.cause?.stack ?? error.message });
    recordServerError();
    return new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: GENERIC_INTERNAL });
  }
  return error;
}

const asTrpcError = (e: unknown) =>
  e instanceof TRPCError ? e : new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: e instanceof Error ? e : new Error(String(e)) });

/**
 * A procedure's access check and its error boundary in ONE middleware: tRPC copies the whole call
 * state for every middleware, and a chain of 3-4 was ~20% of an authenticated query's CPU
 * (bench/http.ts). `check` returns what it adds to the context, or throws (AppError) to refuse.
 */
function guarded<Extra extends object>(check: (ctx: TrpcContext) => Extra | Promise<Extra>) {
  return t.middleware(async ({ ctx, next }) => {
    let extra: Extra;
    try {
      // A synchronous check (signed in, admin) is not awaited: one microtask less per call.
      const checked = check(ctx);
      extra = checked instanceof Promise ? await checked : checked;
    } catch (e) {
      throw mapError(asTrpcError(e));
    }
    const result = await next({ ctx: extra });
    if (result.ok) return result;
    const mapped = mapError(result.error);
    if (mapped === result.error) return result;
    throw mapped;
  });
}

export const publicProcedure = t.procedure.use(guarded(() => ({})));

function signedIn(ctx: TrpcContext) {
  if (!ctx.session) throw new AppError("UNAUTHORIZED", NOT_AUTHENTICATED);
  const session = ctx.session;
  const svc: ServiceContext = {
    ...ctx.deps,
    meta: ctx.meta,
    workspace: null,
    actor: { type: "user", userId: session.user.id, role: session.user.role, sessionId: session.sid },
  };
  return { session, svc };
}

/**
 * Any member of the session's workspace, verified on every call (a client-sent id is never trusted);
 * a workspace the caller is not (or no longer) in is NOT_FOUND, as in the REST guard.
 */
async function memberOfCurrent(ctx: TrpcContext) {
  const { session, svc } = signedIn(ctx);
  const scope = await requireMembership(ctx.deps.db, session.user.id, session.data.workspaceId);
  return { session, workspace: scope, svc: { ...svc, workspace: scope } };
}

export const authedProcedure = t.procedure.use(guarded(signedIn));

export const workspaceProcedure = t.procedure.use(guarded(memberOfCurrent));

/**
 * Platform admins only, refused on the server (not only hidden in the SPA). Every admin mutation
 * that succeeds leaves one audit line with the admin's id, the procedure and its input with secrets
 * masked (issue 17): a service may add its own, more telling line on top.
 */
export const adminProcedure = t.procedure
  .use(
    guarded((ctx) => {
      const signed = signedIn(ctx);
      requireAdmin(signed.session.user);
      return signed;
    }),
  )
  .use(async ({ ctx, next, type, path, getRawInput }) => {
    const result = await next();
    if (!result.ok || type !== "mutation") return result;
    const input = await getRawInput().catch(() => undefined);
    await logActivity(ctx.deps.db, ctx.meta, {
      userId: ctx.session.user.id,
      action: `admin.${path}`,
      category: "admin",
      resourceType: "admin",
      description: `Ação administrativa: ${path}`,
      details: { input: redactSecrets(input ?? null) },
      sessionId: ctx.session.sid,
    });
    return result;
  });

/**
 * A member holding `permission`: `ctx.workspace` becomes the branded scope (EditorScope…) the
 * service verbs demand, so a procedure that skips this does not type-check. Declared before
 * `.input()`, it refuses before the body is even validated.
 */
export const requirePermission = <P extends Permission>(permission: P, message?: string) =>
  t.procedure.use(
    guarded(async (ctx) => {
      const member = await memberOfCurrent(ctx);
      const scope = grant(member.workspace, permission, message);
      return { ...member, workspace: scope, svc: { ...member.svc, workspace: scope } };
    }),
  );

/** Changing an agent or anything it is wired to (intents, training, channels, integrations, dynamic APIs). */
export const editorProcedure = requirePermission("canEditAgents");
