import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "../../db/schema";
import { randomToken, sha256Hex } from "../lib/crypto";
import { AppError } from "../lib/errors";
import { type InviteMember, permissionFlags } from "../schemas/workspaces";
import { logActivity } from "./activity";
import { auditWorkspace } from "./activity-log/audit";
import type { ServiceContext } from "./context";
import { withTransaction } from "./context";
import { effectiveLimits, limitMessage } from "./workspace-limits";
import { sendTemplatedMail } from "./mail-templates/send";
import { type MemberManagerScope, forgetMemberships, resolveMembership } from "./access";
import { memberCount } from "./workspaces";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Pending invitations, minus the one to `exceptEmail` (a re-invite replaces it, so it holds no extra seat). */
async function pendingCount(ctx: ServiceContext, workspaceId: string, exceptEmail: string) {
  const rows = await ctx.db
    .select({ id: workspaceInvitations.id })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        gt(workspaceInvitations.expiresAt, ctx.now()),
        ne(workspaceInvitations.email, exceptEmail),
      ),
    );
  return rows.length;
}

/** Invites by email: stores the sha256 of a random token and mails the raw link. */
export async function inviteMember(ctx: ServiceContext, scope: MemberManagerScope, inviterId: string, input: InviteMember) {
  // A manager may only hand out flags they hold, or canManageMembers alone would grant everything.
  if (permissionFlags.some((f) => input.permissions[f] && !scope.permissions[f])) {
    throw new AppError("FORBIDDEN", "Você não pode conceder permissões que você não possui neste workspace");
  }
  // The plan's limit, or the one a platform admin set for this workspace (issue 17).
  const limits = await effectiveLimits(ctx.db, scope.id);
  const members = await memberCount(ctx.db, scope.id);
  // Pending invitations count toward the limit, or an owner could invite past it and accept later.
  if (members + (await pendingCount(ctx, scope.id, input.email)) >= limits.maxMembers) {
    throw new AppError("LIMIT_EXCEEDED", limitMessage(limits, "maxMembers", " neste workspace (convites pendentes incluídos)"));
  }
  const [existingUser] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existingUser && (await resolveMembership(ctx.db, existingUser.id, scope.id))) {
    throw new AppError("CONFLICT", "Este usuário já é membro do workspace");
  }
  const token = randomToken();
  const expiresAt = ctx.now() + INVITATION_TTL_MS;
  const [inviter] = await ctx.db.select().from(users).where(eq(users.id, inviterId)).limit(1);
  const invitation = await withTransaction(ctx.db, async (tx) => {
    // A new invitation to the same email replaces the pending one.
    await tx
      .delete(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.workspaceId, scope.id),
          eq(workspaceInvitations.email, input.email),
          isNull(workspaceInvitations.acceptedAt),
        ),
      );
    const [row] = await tx
      .insert(workspaceInvitations)
      .values({
        workspaceId: scope.id,
        invitedBy: inviterId,
        email: input.email,
        role: input.role,
        permissions: input.permissions,
        token: sha256Hex(token),
        expiresAt,
      })
      .returning();
    await logActivity(tx, ctx.meta, {
      userId: inviterId,
      workspaceId: scope.id,
      action: "workspace.invite",
      category: "member",
      resourceType: "invitation",
      resourceId: row?.id,
      description: `Convite enviado para ${input.email}`,
      details: { email: input.email, role: input.role },
      newValues: { email: input.email, role: input.role, permissions: input.permissions },
    });
    return row;
  });
  if (!invitation) throw new AppError("INTERNAL", "Falha ao criar convite");
  const link = `${ctx.appUrl}/convite?token=${token}`;
  const who = inviter ? `${inviter.firstName} ${inviter.lastName}` : "Um membro";
  await sendTemplatedMail(ctx, "workspace-invitation", input.email, { inviterName: who, workspaceName: scope.name, inviteUrl: link });
  return { invitationId: invitation.id, expiresAt };
}

export async function listInvitations(ctx: ServiceContext, scope: MemberManagerScope) {
  const rows = await ctx.db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, scope.id), isNull(workspaceInvitations.acceptedAt)));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    permissions: r.permissions,
    expiresAt: r.expiresAt,
    expired: r.expiresAt <= ctx.now(),
    createdAt: r.createdAt,
  }));
}

export async function revokeInvitation(ctx: ServiceContext, scope: MemberManagerScope, id: string) {
  const deleted = await ctx.db
    .delete(workspaceInvitations)
    .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.workspaceId, scope.id)))
    .returning({ id: workspaceInvitations.id, email: workspaceInvitations.email, role: workspaceInvitations.role });
  const gone = deleted[0];
  if (!gone) throw new AppError("NOT_FOUND", "Convite não encontrado");
  await auditWorkspace(ctx, scope, { action: "member.revoke", category: "member", resourceType: "invitation", resourceId: gone.id, description: `Convite revogado: ${gone.email}`, oldValues: { email: gone.email, role: gone.role } });
  return { ok: true };
}

async function findByToken(ctx: ServiceContext, token: string) {
  const [row] = await ctx.db
    .select({ inv: workspaceInvitations, wsName: workspaces.name, inviter: users })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .innerJoin(users, eq(users.id, workspaceInvitations.invitedBy))
    .where(eq(workspaceInvitations.token, sha256Hex(token)))
    .limit(1);
  return row ?? null;
}

export async function previewInvitation(ctx: ServiceContext, token: string) {
  const row = await findByToken(ctx, token);
  if (!row) throw new AppError("NOT_FOUND", "Convite não encontrado ou inválido");
  return {
    workspaceName: row.wsName,
    invitedByName: `${row.inviter.firstName} ${row.inviter.lastName}`,
    email: row.inv.email,
    role: row.inv.role,
    expired: row.inv.expiresAt <= ctx.now(),
    accepted: row.inv.acceptedAt !== null,
  };
}

/** Accepting needs a session of the invited email: a forwarded link cannot be used by someone else. */
export async function acceptInvitation(ctx: ServiceContext, user: { id: string; email: string }, token: string) {
  const row = await findByToken(ctx, token);
  if (!row || row.inv.acceptedAt !== null) throw new AppError("NOT_FOUND", "Convite não encontrado ou já utilizado");
  if (row.inv.expiresAt <= ctx.now()) throw new AppError("PRECONDITION_FAILED", "Este convite expirou. Peça um novo convite.");
  if (row.inv.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError("FORBIDDEN", `Este convite foi enviado para ${row.inv.email}. Entre com essa conta para aceitá-lo.`);
  }
  const inv = row.inv;
  await withTransaction(ctx.db, async (tx) => {
    const claimed = await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: ctx.now() })
      .where(and(eq(workspaceInvitations.id, inv.id), isNull(workspaceInvitations.acceptedAt)))
      .returning({ id: workspaceInvitations.id });
    if (claimed.length === 0) throw new AppError("NOT_FOUND", "Convite não encontrado ou já utilizado");
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: inv.workspaceId, userId: user.id, role: inv.role, permissions: inv.permissions })
      .onConflictDoNothing();
    await logActivity(tx, ctx.meta, {
      userId: user.id,
      workspaceId: inv.workspaceId,
      action: "workspace.join",
      category: "member",
      resourceType: "invitation",
      resourceId: inv.id,
      description: `${user.email} aceitou o convite e entrou no workspace`,
      newValues: { role: inv.role },
    });
  });
  forgetMemberships({ userId: user.id, workspaceId: inv.workspaceId });
  return { workspaceId: inv.workspaceId };
}
