import { withTransaction } from "../../src/services/context";
import { noteConversationContact } from "../../src/services/crm/contact-match";
import { ensureDefaultPipeline, openDeal } from "../../src/services/crm/pipeline-core";
import type { TestApp } from "./app";

/** One workspace's CRM rows, for the guard matrix and fuzzing (each procedure's sample input names them). */
export type CrmFixture = {
  contactId: string;
  pipelineId: string;
  /** The default pipeline's stages, in order (Novo lead … Perdido). */
  stageIds: string[];
  dealId: string;
};

/** A contact tied to the fixture's conversation, and an open deal of it in the default pipeline. */
export async function crmFixture(app: TestApp, workspaceId: string, conversationId: string, ownerId: string): Promise<CrmFixture> {
  return withTransaction(app.deps.db, async (tx) => {
    const { contactId } = await noteConversationContact(tx, {
      workspaceId,
      conversationId,
      agentId: null,
      name: "Clara Matriz",
      email: `clara.${workspaceId.slice(-8)}@exemplo.com.br`,
      phone: null,
      source: "manual",
      autoAddToFunnel: false,
    });
    const { pipelineId, stages } = await ensureDefaultPipeline(tx, workspaceId);
    const deal = await openDeal(tx, { workspaceId, title: "Proposta Matriz", contactId, valueCents: 150_000, ownerUserId: ownerId, actor: { type: "user", userId: ownerId } });
    return { contactId, pipelineId, stageIds: stages.map((s) => s.id), dealId: deal.id };
  });
}
