/**
 * Registering a lead, shared by the model tool registrar_lead and the intents' internal tool `crm`:
 * the built-in CRM first, then Agendor when the agent's Agendor integration is on (it used to be
 * Agendor's own registrar_lead: same sync, same pt-BR messages). An Agendor failure never undoes
 * the built-in registration; the model is told what happened there.
 */
import type { AppDeps } from "../../services/context";
import { NEED_CONTACT, activeAgendor, syncLeadToAgendor } from "../../services/agendor-sync";
import type { ToolContext } from "../../runtime/tools";
import type { AgentRow } from "../../runtime/prompt";
import { type LeadValues, registerLead } from "../../services/crm/agent-crm";

async function agendorLeadNote(deps: AppDeps, agent: { id: string; workspaceId: string }, lead: LeadValues, conversationId: string | null): Promise<Record<string, unknown> | null> {
  const active = await activeAgendor(deps, agent);
  if (!active || !(active.cfg.syncPeople || active.cfg.syncOrganizations)) return null;
  if (!lead.email && !lead.phone) return { observacao: NEED_CONTACT };
  try {
    const r = await syncLeadToAgendor(deps, agent, { name: lead.name, email: lead.email, phone: lead.phone, company: lead.company, note: lead.notes }, conversationId);
    return {
      mensagem: r.created.person ? "Lead cadastrado no Agendor." : "Cadastro do cliente atualizado no Agendor (já existia).",
      pessoaId: r.personId,
      empresaId: r.organizationId,
      negocioId: r.dealId,
      ...(r.created.deal ? { negocio: "Negócio aberto no funil de vendas." } : {}),
    };
  } catch (e) {
    return { erro: e instanceof Error ? e.message : String(e) };
  }
}

/** Why a value the model sent was not written (shown to the model, which may tell the customer). */
export const KEPT_NOTE = "mantido como estava: valor informado pela equipe, já usado por outro contato ou inválido";

/** Registers the lead in the built-in CRM (and Agendor when on): shared with the intents' `crm` tool. */
export async function registerLeadEverywhere(deps: AppDeps, agent: AgentRow, ctx: Pick<ToolContext, "conversationId" | "channel" | "customer">, lead: LeadValues, extra: Record<string, string> = {}) {
  const known = ctx.customer;
  const merged: LeadValues = { name: lead.name || known.name, email: lead.email || known.email, phone: lead.phone || known.phone, company: lead.company, notes: lead.notes };
  const r = await registerLead(deps, agent, ctx, merged, extra);
  const agendor = await agendorLeadNote(deps, agent, merged, ctx.conversationId);
  return {
    registrado: true,
    mensagem: r.contactCreated ? "Contato cadastrado no CRM." : "Contato do cliente atualizado no CRM (já existia).",
    contatoId: r.contactId,
    negocioId: r.dealId,
    ...(r.dealCreated ? { negocio: "Negócio aberto no funil de vendas (etapa Novo lead)." } : r.dealId ? { negocio: "O cliente já tinha um negócio aberto no funil." } : {}),
    ...(r.kept.length ? { mantidos: r.kept, observacao: KEPT_NOTE } : {}),
    ...(agendor ? { agendor } : {}),
  };
}

