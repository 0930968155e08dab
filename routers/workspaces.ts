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
import { deleteWorkspaceInput, memberRef, updateMemberInput, updateWorkspaceInput, usageInput, workspaceSettingsInput } from "../src/schemas/workspace-admin";
import { deleteWorkspace } from "../src/services/workspace-admin/delete";
import { removeMember, transferOwnership, updateMember } from "../src/services/workspace-admin/members";
import { updateWorkspace, updateWorkspaceSettings, workspaceDetails } from "../src/services/workspace-admin/settings";
import { workspaceUsage } from "../src/services/workspace-admin/usage";
import { authedProcedure, publicProcedure, requirePermission, router, workspaceProcedure } from "./trpc";

const memberManager = requirePermission("canManageMembers");
/** Rename and settings; transfer and delete also need the owner (checked in the service). */
const settingsManager = requirePermission("canManageSettings");

const membersRouter = router({
  list: workspaceProcedure.query(({ ctx }) => listMembers(ctx.svc, ctx.workspace)),
  invite: memberManager
    .input(inviteMemberInput)
    .mutation(({ ctx, input }) => inviteMember(ctx.svc, ctx.workspace, ctx.session.user.id, input)),
  update: memberManager.input(updateMemberInput).mutation(({ ctx, input }) => updateMember(ctx.svc, ctx.workspace, input)),
  /** The removed member's next request in this workspace is refused; their sessions move to another workspace. */
  remove: memberManager.input(memberRef).mutation(({ ctx, input }) => removeMember(ctx.svc, ctx.workspace, input.userId)),
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
  /** The /workspace overview: name, description, settings, plan bounds and enabled models. */
  details: workspaceProcedure.query(({ ctx }) => workspaceDetails(ctx.svc, ctx.workspace)),
  update: settingsManager.input(updateWorkspaceInput).mutation(({ ctx, input }) => updateWorkspace(ctx.svc, ctx.workspace, input)),
  updateSettings: settingsManager
    .input(workspaceSettingsInput)
    .mutation(({ ctx, input }) => updateWorkspaceSettings(ctx.svc, ctx.workspace, input)),
  transferOwnership: settingsManager.input(memberRef).mutation(({ ctx, input }) => transferOwnership(ctx.svc, ctx.workspace, input.userId)),
  delete: settingsManager.input(deleteWorkspaceInput).mutation(({ ctx, input }) => deleteWorkspace(ctx.svc, ctx.workspace, input.confirmName)),
  /** /workspace/dashboard: agents, conversations per day, credits per agent, members' activity. */
  usage: workspaceProcedure.input(usageInput).query(({ ctx, input }) => workspaceUsage(ctx.svc, ctx.workspace, input.period as 7 | 15 | 30)),
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
