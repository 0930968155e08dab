/**
 * The built-in CRM as the agent works it during a conversation (model tools and the intents'
 * `crm` tool): register the lead, update the contact without overwriting what a person typed,
 * move the contact's open deal, schedule an activity. Everything is scoped to the agent's
 * workspace and to the turn's own conversation; a deal the agent moves says so in its history.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client";
import { contacts, conversationContacts, conversations, dealActivities, deals, pipelineStages, pipelines } from "../../../db/schema";
import type { ContactSource } from "../../schemas/crm/contacts";
import type { ActivityType } from "../../schemas/crm/deal-details";
import { type AppDeps, withTransaction } from "../context";
import { applyContactValues } from "./contact-values";
import { matchOrCreateContact } from "./contact-match";
import { moveDealToStage, openDeal } from "./pipeline-core";

export type AgentRef = { id: string; workspaceId: string };
export type TurnRef = { conversationId: string | null; channel: string };
export type LeadValues = { name?: string | null; email?: string | null; phone?: string | null; company?: string | null; notes?: string | null };

export const NO_CONTACT = "Ainda não há contato do cliente desta conversa no CRM: registre o lead primeiro (registrar_lead).";
export const NO_OPEN_DEAL = "O cliente desta conversa não tem negócio aberto no funil: registre o lead primeiro (registrar_lead).";
export const NEED_IDENTITY = "Para registrar o lead, peça ao cliente o nome e um e-mail ou telefone.";

const SOURCE_OF_CHANNEL: Record<string, ContactSource> = { whatsapp: "whatsapp_cloud", telegram: "telegram", instagram: "instagram" };
/** Values the model read off the conversation: trusted less than what a channel or a person gave. */
const LLM_CONFIDENCE = 0.9;

const plain = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .trim()
    .toLowerCase();

/** The turn's conversation, when it is a stored conversation of this workspace (not an editor preview). */
async function ownConversation(tx: DbOrTx, workspaceId: string, conversationId: string | null): Promise<string | null> {
  if (!conversationId) return null;
  const [row] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.workspaceId, workspaceId)))
    .limit(1);
  return row?.id ?? null;
}

export async function contactOfConversation(tx: DbOrTx, workspaceId: string, conversationId: string | null): Promise<string | null> {
  if (!conversationId) return null;
  const [row] = await tx
    .select({ id: conversationContacts.contactId })
    .from(conversationContacts)
    .where(and(eq(conversationContacts.conversationId, conversationId), eq(conversationContacts.workspaceId, workspaceId)))
    .limit(1);
  return row?.id ?? null;
}

/** The contact's newest open deal: off deals_contact_idx (a contact has few deals), newest picked here, not by a sort. */
export async function openDealOf(tx: DbOrTx, workspaceId: string, contactId: string) {
  const rows = await tx
    .select()
    .from(deals)
    .where(and(eq(deals.contactId, contactId), eq(sql`+${deals.workspaceId}`, workspaceId), eq(deals.status, "open")))
    .limit(200);
  return rows.reduce<(typeof rows)[number] | null>((best, d) => (!best || d.createdAt > best.createdAt ? d : best), null);
}

/** What the model learnt, as contact variables (nome, email, telefone, empresa + any custom one). */
function valuesOf(lead: LeadValues, extra: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (k: string, v: string | null | undefined) => {
    if (v?.trim()) out[k] = v.trim();
  };
  put("nome", lead.name);
  put("email", lead.email);
  put("telefone", lead.phone);
  put("empresa", lead.company);
  for (const [k, v] of Object.entries(extra)) put(k, v);
  return out;
}

export type LeadOutcome = { contactId: string; contactCreated: boolean; dealId: string | null; dealCreated: boolean; kept: string[] };

/**
 * registrar_lead: the conversation's contact (or the one the given phone/e-mail matches, or a new
 * one), linked to the conversation, with the told values applied as extracted ones, and an open
 * deal in the default pipeline's first stage when it has none.
 */
export function registerLead(deps: AppDeps, agent: AgentRef, turn: TurnRef, lead: LeadValues, extra: Record<string, string> = {}): Promise<LeadOutcome> {
  return withTransaction(deps.db, async (tx) => {
    const now = Date.now();
    const conversationId = await ownConversation(tx, agent.workspaceId, turn.conversationId);
    let contactId = await contactOfConversation(tx, agent.workspaceId, conversationId);
    let contactCreated = false;
    if (!contactId) {
      if (!lead.email?.trim() && !lead.phone?.trim() && !conversationId) throw new Error(NEED_IDENTITY);
      const m = await matchOrCreateContact(tx, { workspaceId: agent.workspaceId, name: lead.name, phone: lead.phone, email: lead.email, source: SOURCE_OF_CHANNEL[turn.channel] ?? "web_chat", now });
      contactId = m.contactId;
      contactCreated = m.created;
      if (conversationId) await tx.insert(conversationContacts).values({ conversationId, workspaceId: agent.workspaceId, contactId, createdAt: now }).onConflictDoNothing();
    }
    const { kept } = await applyContactValues(tx, { workspaceId: agent.workspaceId, contactId, values: valuesOf(lead, extra), source: "extracted", confidence: LLM_CONFIDENCE, conversationId, method: "llm", now });
    const open = await openDealOf(tx, agent.workspaceId, contactId);
    if (open) {
      if (lead.notes?.trim()) await addActivity(tx, agent, { contactId, dealId: open.id, type: "note", subject: "Observação do agente", description: lead.notes.trim(), scheduledAt: null, now });
      return { contactId, contactCreated, dealId: open.id, dealCreated: false, kept };
    }
    const [contact] = await tx.select({ name: contacts.name, visible: contacts.visibleInFunnel }).from(contacts).where(eq(contacts.id, contactId)).limit(1);
    if (!contact?.visible) return { contactId, contactCreated, dealId: null, dealCreated: false, kept };
    const deal = await openDeal(tx, {
      workspaceId: agent.workspaceId,
      title: contact.name,
      contactId,
      source: "agent",
      agentId: agent.id,
      conversationId,
      notes: lead.notes?.trim() || null,
      actor: { type: "agent", agentId: agent.id },
      now,
    });
    return { contactId, contactCreated, dealId: deal.id, dealCreated: true, kept };
  });
}

/** atualizar_contato: extracted values on the conversation's contact; a person's values are kept. */
export function updateConversationContact(deps: AppDeps, agent: AgentRef, turn: TurnRef, values: Record<string, string>): Promise<{ applied: string[]; kept: string[] }> {
  return withTransaction(deps.db, async (tx) => {
    const contactId = await contactOfConversation(tx, agent.workspaceId, turn.conversationId);
    if (!contactId) throw new Error(NO_CONTACT);
    return applyContactValues(tx, { workspaceId: agent.workspaceId, contactId, values, source: "extracted", confidence: LLM_CONFIDENCE, conversationId: turn.conversationId, method: "llm" });
  });
}

/** mover_negocio: the contact's open deal to a stage of its pipeline, named as the model says it. */
export function moveConversationDeal(deps: AppDeps, agent: AgentRef, turn: TurnRef, stageName: string, notes: string | null) {
  return withTransaction(deps.db, async (tx) => {
    const contactId = await contactOfConversation(tx, agent.workspaceId, turn.conversationId);
    const deal = contactId ? await openDealOf(tx, agent.workspaceId, contactId) : null;
    if (!deal) throw new Error(NO_OPEN_DEAL);
    const stages = await tx
      .select({ id: pipelineStages.id, name: pipelineStages.name, pipeline: pipelines.name })
      .from(pipelineStages)
      .innerJoin(pipelines, eq(pipelines.id, pipelineStages.pipelineId))
      .where(and(eq(pipelineStages.pipelineId, deal.pipelineId), eq(pipelineStages.workspaceId, agent.workspaceId)))
      .orderBy(pipelineStages.position);
    const target = stages.find((s) => plain(s.name) === plain(stageName));
    if (!target) throw new Error(`A etapa "${stageName}" não existe no funil "${stages[0]?.pipeline ?? ""}". Etapas: ${stages.map((s) => s.name).join(", ")}.`);
    const from = stages.find((s) => s.id === deal.stageId)?.name ?? "";
    if (target.id === deal.stageId) return { dealId: deal.id, title: deal.title, from, to: target.name, moved: false };
    await moveDealToStage(tx, agent.workspaceId, { dealId: deal.id, targetStageId: target.id, notes: notes ?? undefined }, { type: "agent", agentId: agent.id });
    return { dealId: deal.id, title: deal.title, from, to: target.name, moved: true };
  });
}

type NewActivity = { contactId: string; dealId: string | null; type: ActivityType; subject: string; description: string | null; scheduledAt: number | null; now: number };

async function addActivity(tx: DbOrTx, agent: AgentRef, a: NewActivity) {
  const [row] = await tx
    .insert(dealActivities)
    .values({ workspaceId: agent.workspaceId, dealId: a.dealId, contactId: a.contactId, type: a.type, subject: a.subject, description: a.description, scheduledAt: a.scheduledAt, agentId: agent.id, createdAt: a.now, updatedAt: a.now })
    .returning({ id: dealActivities.id });
  return row?.id ?? null;
}

/** criar_atividade: on the contact's open deal (on the contact alone when it has none). */
export function createConversationActivity(deps: AppDeps, agent: AgentRef, turn: TurnRef, a: { type: ActivityType; subject: string; description: string | null; scheduledAt: number | null }) {
  return withTransaction(deps.db, async (tx) => {
    const contactId = await contactOfConversation(tx, agent.workspaceId, turn.conversationId);
    if (!contactId) throw new Error(NO_CONTACT);
    const deal = await openDealOf(tx, agent.workspaceId, contactId);
    const id = await addActivity(tx, agent, { ...a, contactId, dealId: deal?.id ?? null, now: Date.now() });
    return { activityId: id, dealId: deal?.id ?? null, dealTitle: deal?.title ?? null };
  });
}
