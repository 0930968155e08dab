import { z } from "zod";
import { acceptInvitationInput, createWorkspaceInput, inviteMemberInput, workspaceIdParam } from "../src/schemas/workspaces";
import {
  acceptInvitation,
  inviteMember,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from "../src/services/invitations";
import { setSessionWorkspace } from "../src/services/sessions";
import { resolveMembership } from "../src/services/access";
import { createWorkspace, listMembers, listWorkspaces, switchWorkspace } from "../src/services/workspaces";
import { authedProcedure, publicProcedure, requirePermission, router, workspaceProcedure } from "./trpc";

const memberManager = requirePermission("canManageMembers");

const membersRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listMembers(ctx.svc, ctx.workspace)),
  invite: memberManager
    .input(inviteMemberInput)
    .mutation(({ ctx, input }) => inviteMember(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
});

const workspaceInvitationsRouter = router({
  /** Pending invitations name people who are not members yet: managers only. */
  list: memberManager.query(({ ctx }) => listInvitations(ctx.svc, ctx.workspace)),
  revoke: memberManager
    .input(z.object({ id: z.uuid() }))
    .mutation(({ ctx, input }) => revokeInvitation(ctx.svc, ctx.workspace, input.id)),
});

export const workspacesRouter = router({
  list: authedProcedure.query(async ({ ctx }) => {
    const id = ctx.session.data.workspaceId;
    const scope = id ? await resolveMembership(ctx.deps.db, ctx.session.user.id, id) : null;
    return listWorkspaces({ ...ctx.svc, workspace: scope }, ctx.session.user.id);
  }),
  current: workspaceProcedure.query(({ ctx }) => ctx.workspace),
  create: authedProcedure.input(createWorkspaceInput).mutation(({ ctx, input }) => createWorkspace(ctx.svc, ctx.session.user.id, input)),
  switch: authedProcedure
    .input(workspaceIdParam)
    .mutation(({ ctx, input }) =>
      switchWorkspace(ctx.svc, { userId: ctx.session.user.id, sid: ctx.session.sid, data: ctx.session.data }, input.id),
    ),
  members: membersRouter,
  invitations: workspaceInvitationsRouter,
});

export const invitationsRouter = router({
  preview: publicProcedure.input(acceptInvitationInput).query(({ ctx, input }) =>
    previewInvitation({ ...ctx.deps, meta: ctx.meta, workspace: null, actor: { type: "anonymous" } }, input.token),
  ),
  accept: authedProcedure.input(acceptInvitationInput).mutation(async ({ ctx, input }) => {
    const result = await acceptInvitation(ctx.svc, ctx.session.user, input.token);
    await setSessionWorkspace(ctx.deps.db, ctx.session.sid, ctx.session.data, result.workspaceId);
    return result;
  }),
});
