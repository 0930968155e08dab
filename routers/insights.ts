import {
  alertRuleInput,
  conversationIdInput,
  conversationTagInput,
  idInput,
  insightsPeriodInput,
  listAlertsInput,
  popularTagsInput,
  updateAlertRuleInput,
} from "../src/schemas/insights-api";
import { dailySentiment, sentimentSummary } from "../src/services/insights/metrics";
import { acknowledgeAlert, createAlertRule, deleteAlertRule, listAlertRules, listAlerts, updateAlertRule } from "../src/services/insights/rules";
import { addConversationTag, listConversationTags, listMessageSentiments, listPopularTags, removeConversationTag } from "../src/services/insights/tags";
import { editorProcedure, requirePermission, router, workspaceProcedure } from "./trpc";

const answerer = requirePermission("canAnswerConversations");

/** Sentiment metrics, alert rules and alerts, tags (issue 18). */
export const insightsRouter = router({
  daily: workspaceProcedure.input(insightsPeriodInput).query(({ ctx, input }) => dailySentiment(ctx.svc, ctx.workspace, input)),
  summary: workspaceProcedure.input(insightsPeriodInput).query(({ ctx, input }) => sentimentSummary(ctx.svc, ctx.workspace, input)),
  alerts: workspaceProcedure.input(listAlertsInput).query(({ ctx, input }) => listAlerts(ctx.svc, ctx.workspace, input)),
  acknowledgeAlert: answerer.input(idInput).mutation(({ ctx, input }) => acknowledgeAlert(ctx.svc, ctx.workspace, input.id)),
  alertRules: router({
    list: workspaceProcedure.query(({ ctx }) => listAlertRules(ctx.svc, ctx.workspace)),
    create: editorProcedure.input(alertRuleInput).mutation(({ ctx, input }) => createAlertRule(ctx.svc, ctx.workspace, input)),
    update: editorProcedure.input(updateAlertRuleInput).mutation(({ ctx, input }) => updateAlertRule(ctx.svc, ctx.workspace, input.id, input.rule)),
    delete: editorProcedure.input(idInput).mutation(({ ctx, input }) => deleteAlertRule(ctx.svc, ctx.workspace, input.id)),
  }),
  popularTags: workspaceProcedure.input(popularTagsInput).query(({ ctx, input }) => listPopularTags(ctx.svc, ctx.workspace, input.limit)),
  conversationTags: workspaceProcedure.input(conversationIdInput).query(({ ctx, input }) => listConversationTags(ctx.svc, ctx.workspace, input.conversationId)),
  addTag: answerer.input(conversationTagInput).mutation(({ ctx, input }) => addConversationTag(ctx.svc, ctx.workspace, input)),
  removeTag: answerer.input(conversationTagInput).mutation(({ ctx, input }) => removeConversationTag(ctx.svc, ctx.workspace, input)),
  messageSentiments: workspaceProcedure.input(conversationIdInput).query(({ ctx, input }) => listMessageSentiments(ctx.svc, ctx.workspace, input.conversationId)),
});
