import { TRPCError, initTRPC } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import { AppError, type ErrorCode, GENERIC_INTERNAL, MALFORMED_REQUEST, fromZodError } from "../src/lib/errors";
import { log } from "../src/lib/logger";
import type { PermissionFlag } from "../src/schemas/workspaces";
import type { ServiceContext } from "../src/services/context";
import { resolveWorkspaceScope } from "../src/services/workspaces";
import type { TrpcContext } from "./context";

const trpcCode: Record<ErrorCode, TRPCError["code"]> = {
  NOT_FOUND: "NOT_FOUND",
  FORBIDDEN: "FORBIDDEN",
  UNAUTHORIZED: "UNAUTHORIZED",
  CONFLICT: "CONFLICT",
  VALIDATION: "BAD_REQUEST",
  LIMIT_EXCEEDED: "FORBIDDEN",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  PRECONDITION_FAILED: "PRECONDITION_FAILED",
  UNAVAILABLE: "SERVICE_UNAVAILABLE",
  INTERNAL: "INTERNAL_SERVER_ERROR",
};

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
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
 * The one mapper to tRPC: AppError and ZodError keep their pt-BR message and get the matching
 * code; anything else becomes INTERNAL with a generic message and a log line (no stack leaks).
 */
const errorBoundary = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof AppError || cause instanceof ZodError) {
    const app = cause instanceof AppError ? cause : fromZodError(cause);
    throw new TRPCError({ code: trpcCode[app.code], message: app.message, cause: app });
  }
  if (result.error.code === "INTERNAL_SERVER_ERROR") {
    log.error("unhandled trpc error", { error: result.error.cause?.stack ?? result.error.message });
    throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: GENERIC_INTERNAL });
  }
  return result;
});

export const publicProcedure = t.procedure.use(errorBoundary);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new AppError("UNAUTHORIZED", "Não autenticado");
  const session = ctx.session;
  const svc: ServiceContext = {
    ...ctx.deps,
    meta: ctx.meta,
    workspace: null,
    actor: { type: "user", userId: session.user.id, role: session.user.role, sessionId: session.sid },
  };
  return next({ ctx: { ...ctx, session, svc } });
});

/** The session's workspace, verified against membership on every call: a client-sent id is never trusted. */
export const workspaceProcedure = authedProcedure.use(async ({ ctx, next }) => {
  const id = ctx.session.data.workspaceId;
  if (!id) throw new AppError("PRECONDITION_FAILED", "Nenhum workspace selecionado");
  // Same answer as the REST guard: a workspace the caller is not (or no longer) a member of is NOT_FOUND.
  const scope = await resolveWorkspaceScope(ctx.deps.db, ctx.session.user.id, id);
  if (!scope) throw new AppError("NOT_FOUND", "Workspace não encontrado");
  return next({ ctx: { ...ctx, workspace: scope, svc: { ...ctx.svc, workspace: scope } } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.session.user.role !== "admin") throw new AppError("FORBIDDEN", "Acesso restrito a administradores");
  return next();
});

export const requirePermission = (flag: PermissionFlag) =>
  workspaceProcedure.use(({ ctx, next }) => {
    if (!ctx.workspace.permissions[flag]) throw new AppError("FORBIDDEN", "Você não tem permissão para esta ação");
    return next();
  });
