import { contactImports, contactListMembers, contactLists, dealActivities, dealProducts, variableDefinitions } from "../../db/schema";
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
  /** A pending activity and a product line on the deal (the deal page's procedures). */
  activityId: string;
  productId: string;
  /** A contact list holding the contact. */
  listId: string;
  /** A custom variable definition (numero_pedido) of the workspace. */
  variableDefinitionId: string;
  /** A finished CSV import (contacts.imports.*). */
  importId: string;
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
    const [activity] = await tx
      .insert(dealActivities)
      .values({ workspaceId, dealId: deal.id, contactId, type: "call", subject: "Ligar para Clara", scheduledAt: Date.now(), createdByUserId: ownerId })
      .returning({ id: dealActivities.id });
    const [product] = await tx
      .insert(dealProducts)
      .values({ workspaceId, dealId: deal.id, name: "Plano anual", quantity: 1, unitPriceCents: 150_000, totalCents: 150_000 })
      .returning({ id: dealProducts.id });
    const [list] = await tx.insert(contactLists).values({ workspaceId, name: "Lista Matriz" }).returning({ id: contactLists.id });
    const [imported] = await tx
      .insert(contactImports)
      .values({ workspaceId, userId: ownerId, fileName: "matriz.csv", status: "completed", mapping: { "0": "name" }, totalRows: 1, processedRows: 1, createdCount: 1, completedAt: Date.now() })
      .returning({ id: contactImports.id });
    if (!activity || !product || !list || !imported) throw new Error("crm fixture: activity, product, list or import not created");
    await tx.insert(contactListMembers).values({ listId: list.id, contactId });
    const [definition] = await tx
      .insert(variableDefinitions)
      .values({ workspaceId, name: "numero_pedido", displayName: "Número do pedido", category: "custom", dataType: "string" })
      .returning({ id: variableDefinitions.id });
    if (!definition) throw new Error("crm fixture: variable definition not created");
    return { contactId, pipelineId, stageIds: stages.map((s) => s.id), dealId: deal.id, activityId: activity.id, productId: product.id, listId: list.id, variableDefinitionId: definition.id, importId: imported.id };
  });
}
