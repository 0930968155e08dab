import { and, eq, isNull } from "drizzle-orm";
import { chatFeedback, embeddingSources } from "../../../db/schema";
import { AppError } from "../../lib/errors";
import type { FeedbackToTraining } from "../../schemas/feedback";
import type { EditorScope } from "../access";
import { actorUserId, auditWorkspace } from "../activity-log/audit";
import type { ServiceContext } from "../context";
import { addText, deleteSource } from "../training";
import { feedbackOf } from "./list";

export const FEEDBACK_ALREADY_TRAINED = "Este feedback já virou um texto de treinamento.";

/** Marks a feedback resolved (who and when) or reopens it. */
export async function resolveFeedback(ctx: ServiceContext, scope: EditorScope, input: { id: string; resolved: boolean }) {
  const row = await feedbackOf(ctx, scope, input.id);
  const patch = input.resolved ? { resolved: true, resolvedAt: Date.now(), resolvedByUserId: actorUserId(ctx) } : { resolved: false, resolvedAt: null, resolvedByUserId: null };
  await ctx.db
    .update(chatFeedback)
    .set(patch)
    .where(and(eq(chatFeedback.id, row.id), eq(chatFeedback.workspaceId, scope.id)));
  if (row.resolved !== input.resolved) {
    await auditWorkspace(ctx, scope, {
      agentId: row.agentId,
      action: input.resolved ? "feedback.resolve" : "feedback.reopen",
      category: "agent",
      resourceType: "chat_feedback",
      resourceId: row.id,
      description: input.resolved ? "Feedback marcado como resolvido" : "Feedback reaberto",
      oldValues: { resolved: row.resolved },
      newValues: { resolved: input.resolved },
    });
  }
  return { id: row.id, resolved: input.resolved };
}

/** The training text of an exchange: the customer's question and the answer the agent should give. */
export const trainingTextOf = (userMessage: string | null, answer: string) =>
  userMessage?.trim() ? `Pergunta do cliente: ${userMessage.trim()}\n\nResposta correta: ${answer}` : answer;

/**
 * "Transformar em texto de treinamento": a text source for the feedback's agent through the
 * training service (its limits and its training job), then the feedback resolved and linked to it.
 * A second time is refused (CONFLICT) while that text exists; when two clicks race, the loser's
 * source is removed again, so one feedback never yields two texts.
 */
export async function feedbackToTraining(ctx: ServiceContext, scope: EditorScope, input: FeedbackToTraining) {
  const row = await feedbackOf(ctx, scope, input.id);
  if (row.trainingSourceId && (await sourceExists(ctx, scope.id, row.trainingSourceId))) {
    throw new AppError("CONFLICT", FEEDBACK_ALREADY_TRAINED, { trainingSourceId: row.trainingSourceId });
  }
  const content = trainingTextOf(row.userMessage, input.content);
  if (content.length > 10_000) throw new AppError("VALIDATION", "O texto de treinamento (pergunta e resposta) deve ter no máximo 10.000 caracteres", { field: "content" });
  const source = await addText(ctx, scope, row.agentId, { content, imageUrl: null }, input.title);
  const now = Date.now();
  const linked = await ctx.db
    .update(chatFeedback)
    .set({ trainingSourceId: source.id, resolved: true, resolvedAt: row.resolved && row.resolvedAt ? row.resolvedAt : now, resolvedByUserId: row.resolved ? row.resolvedByUserId : actorUserId(ctx) })
    .where(and(eq(chatFeedback.id, row.id), eq(chatFeedback.workspaceId, scope.id), row.trainingSourceId ? eq(chatFeedback.trainingSourceId, row.trainingSourceId) : isNull(chatFeedback.trainingSourceId)))
    .returning({ id: chatFeedback.id });
  if (linked.length === 0) {
    await deleteSource(ctx, scope, row.agentId, source.id);
    throw new AppError("CONFLICT", FEEDBACK_ALREADY_TRAINED);
  }
  await auditWorkspace(ctx, scope, {
    agentId: row.agentId,
    action: "feedback.to_training",
    category: "training",
    resourceType: "chat_feedback",
    resourceId: row.id,
    description: `Feedback transformado em texto de treinamento: ${source.title}`,
    newValues: { trainingSourceId: source.id, title: source.title },
  });
  return { id: row.id, agentId: row.agentId, trainingSourceId: source.id, title: source.title };
}

async function sourceExists(ctx: Pick<ServiceContext, "db">, workspaceId: string, id: string) {
  const [s] = await ctx.db
    .select({ id: embeddingSources.id })
    .from(embeddingSources)
    .where(and(eq(embeddingSources.id, id), eq(embeddingSources.workspaceId, workspaceId)))
    .limit(1);
  return Boolean(s);
}
