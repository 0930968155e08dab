/**
 * Leads into Agendor without duplicates (SPEC §3 "CRM integration"). crm_links remembers, per agent
 * and customer key (e-mail, phone digits, conversation), the person, organization and deal ids
 * already in Agendor; a customer Atenda never saw is first searched in Agendor by e-mail, then by
 * mobile phone, and only created when not found. The funnel deal is opened once per customer.
 * Calls for one agent run one at a time, so two turns of the same customer cannot both create.
 */
import { and, eq, inArray } from "drizzle-orm";
import { agentIntegrations, agents, crmLinks } from "../../db/schema";
import { type AgendorConn, AgendorError, agendorRequest, idOf, listOf } from "../adapters/agendor/client";
import { openConfig } from "../integrations/store";
import { log } from "../lib/logger";
import { type AgendorConfig, toAgendorDueDate } from "../schemas/agendor";
import { agendorRow } from "./agendor";
import type { AppDeps } from "./context";

export const PROVIDER = "agendor";
export const NOT_ACTIVE = "A integração com o Agendor não está ativa para este agente";
export const NEED_CONTACT = "Para registrar o lead no Agendor, peça ao cliente um e-mail ou telefone";

export type LeadCustomer = { name?: string | null; phone?: string | null; email?: string | null; company?: string | null; note?: string | null };
export type AgentRef = { id: string; workspaceId: string; name?: string | null };
export type SyncResult = {
  personId: string | null;
  organizationId: string | null;
  dealId: string | null;
  created: { person: boolean; organization: boolean; deal: boolean };
};
type Active = { rowId: string; cfg: AgendorConfig & { apiToken: string }; conn: AgendorConn };
type Link = typeof crmLinks.$inferSelect;
type Opts = { signal?: AbortSignal };

/** The agent's Agendor settings when enabled and with a token (same workspace), else null. */
export async function activeAgendor(deps: AppDeps, agent: AgentRef): Promise<Active | null> {
  const row = await agendorRow(deps, agent);
  if (!row?.enabled || row.workspaceId !== agent.workspaceId) return null;
  const cfg = openConfig<AgendorConfig>(deps, row);
  if (!cfg.apiToken) return null;
  // Auto-add is the agent's conversation setting (SPEC §3), not the integration's.
  const [owner] = await deps.db.select({ settings: agents.conversationSettings }).from(agents).where(eq(agents.id, agent.id));
  cfg.autoAddToFunnel = owner?.settings.autoAddToFunnel === true;
  return { rowId: row.id, cfg: cfg as Active["cfg"], conn: { apiToken: cfg.apiToken, baseUrl: cfg.baseUrl ?? null } };
}

const digits = (s: string | null | undefined) => (s ?? "").replace(/\D/g, "");
/** Brazilian numbers without the country code, as Agendor's `mobile` holds them. */
const nationalPhone = (d: string) => (d.startsWith("55") && (d.length === 12 || d.length === 13) ? d.slice(2) : d);
const whatsappPhone = (d: string) => (d.length === 10 || d.length === 11 ? `55${d}` : d);
const cleanEmail = (s: string | null | undefined) => (s ?? "").trim().toLowerCase();

/** Every key the customer is known by, strongest first (crm_links.customerKey). */
export function customerKeys(c: LeadCustomer, conversationId: string | null): string[] {
  const keys: string[] = [];
  const email = cleanEmail(c.email);
  if (email) keys.push(email);
  const phone = nationalPhone(digits(c.phone));
  if (phone.length >= 8) keys.push(phone);
  if (conversationId) keys.push(`conversa:${conversationId}`);
  return keys;
}

// ---- one-at-a-time per agent -------------------------------------------------------------------
const chains = new Map<string, Promise<unknown>>();
function serialized<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const prev = chains.get(key) ?? Promise.resolve();
  const run = prev.then(fn, fn);
  const tail = run.catch(() => {});
  chains.set(key, tail);
  void tail.then(() => {
    if (chains.get(key) === tail) chains.delete(key);
  });
  return run;
}

// ---- crm_links ---------------------------------------------------------------------------------
async function findLink(deps: AppDeps, agentId: string, keys: string[]): Promise<Link | null> {
  if (!keys.length) return null;
  const rows = await deps.db
    .select()
    .from(crmLinks)
    .where(and(eq(crmLinks.agentId, agentId), eq(crmLinks.provider, PROVIDER), inArray(crmLinks.customerKey, keys)));
  for (const k of keys) {
    const hit = rows.find((r) => r.customerKey === k);
    if (hit) return hit;
  }
  return null;
}

/** Writes the ids under every key of the customer (so any of them finds the same person later). */
async function saveLink(deps: AppDeps, agent: AgentRef, keys: string[], ids: Pick<Link, "personId" | "organizationId" | "dealId">) {
  const now = deps.now();
  for (const customerKey of keys) {
    await deps.db
      .insert(crmLinks)
      .values({ workspaceId: agent.workspaceId, agentId: agent.id, provider: PROVIDER, customerKey, ...ids, lastSyncAt: now })
      .onConflictDoUpdate({ target: [crmLinks.agentId, crmLinks.provider, crmLinks.customerKey], set: { ...ids, lastSyncAt: now, updatedAt: now } });
  }
}

async function touchSync(deps: AppDeps, rowId: string) {
  await deps.db.update(agentIntegrations).set({ lastSyncAt: deps.now() }).where(eq(agentIntegrations.id, rowId));
}

// ---- Agendor look-ups --------------------------------------------------------------------------
const str = (n: number | null) => (n === null ? null : String(n));

async function searchPerson(conn: AgendorConn, c: LeadCustomer, opts: Opts): Promise<string | null> {
  const email = cleanEmail(c.email);
  if (email) {
    const hit = idOf(await agendorRequest(conn, "GET", "/people", undefined, { ...opts, query: { email } }));
    if (hit !== null) return String(hit);
  }
  const phone = nationalPhone(digits(c.phone));
  if (phone.length >= 8) {
    const hit = idOf(await agendorRequest(conn, "GET", "/people", undefined, { ...opts, query: { mobile_phone: phone } }));
    if (hit !== null) return String(hit);
  }
  return null;
}

async function findOrCreateOrganization(a: Active, company: string, opts: Opts): Promise<{ id: string | null; created: boolean }> {
  const found = listOf(await agendorRequest(a.conn, "GET", "/organizations", undefined, { ...opts, query: { name: company } }));
  const same = found.find((o) => String(o.name ?? "").trim().toLowerCase() === company.toLowerCase());
  if (same?.id !== undefined) return { id: String(same.id), created: false };
  const body: Record<string, unknown> = { name: company };
  if (a.cfg.defaultOriginId) body.leadOrigin = a.cfg.defaultOriginId;
  if (a.cfg.defaultUserId) body.ownerUser = a.cfg.defaultUserId;
  return { id: str(idOf(await agendorRequest(a.conn, "POST", "/organizations", body, opts))), created: true };
}

function newContact(c: LeadCustomer): Record<string, string> {
  const contact: Record<string, string> = {};
  const email = cleanEmail(c.email);
  if (email) contact.email = email;
  const d = digits(c.phone);
  if (d.length >= 8) {
    contact.mobile = nationalPhone(d);
    contact.whatsapp = whatsappPhone(nationalPhone(d));
  }
  return contact;
}

function newPersonBody(a: Active, c: LeadCustomer, organizationId: string | null) {
  const contact = newContact(c);
  const body: Record<string, unknown> = { name: displayName(c) };
  if (Object.keys(contact).length) body.contact = contact;
  if (organizationId) body.organization = Number(organizationId);
  if (c.note) body.description = c.note.slice(0, 700);
  if (a.cfg.defaultOriginId) body.leadOrigin = a.cfg.defaultOriginId;
  if (a.cfg.defaultUserId) body.ownerUser = a.cfg.defaultUserId;
  return body;
}

type AgendorPerson = { name?: unknown; contact?: Record<string, unknown> | null; organization?: { id?: unknown } | number | null };
const filled = (v: unknown) => typeof v === "string" ? v.trim() !== "" : v !== null && v !== undefined;

/** GET /people/{id}; null when Agendor no longer has them. */
async function readPerson(a: Active, personId: string, opts: Opts): Promise<AgendorPerson | null> {
  try {
    const res = await agendorRequest<{ data?: AgendorPerson }>(a.conn, "GET", `/people/${personId}`, undefined, opts);
    return res?.data ?? {};
  } catch (e) {
    if (e instanceof AgendorError && e.status === 404) return null;
    throw e;
  }
}

/**
 * What an existing person gains from this conversation: only what Agendor does not have yet. The
 * team's data is never overwritten by what a chat customer typed (someone else's e-mail, a nickname):
 * a name changes only from a placeholder or to a longer form of itself ("Bia" → "Bia Souza"); empty
 * contact fields are filled (the contact is sent whole, so nothing in it is lost); an organization
 * is linked only when there is none. Null: nothing to update.
 */
function personUpdate(existing: AgendorPerson, c: LeadCustomer, organizationId: string | null): Record<string, unknown> | null {
  const body: Record<string, unknown> = {};
  const oldName = typeof existing.name === "string" ? existing.name.trim() : "";
  const newName = c.name?.trim() ?? "";
  const contactOld = existing.contact ?? {};
  const placeholder = !oldName || oldName === "Cliente" || Object.values(contactOld).some((v) => typeof v === "string" && v === oldName);
  if (newName && newName !== oldName && (placeholder || newName.toLowerCase().startsWith(`${oldName.toLowerCase()} `))) body.name = newName.slice(0, 150);
  const additions = Object.entries(newContact(c)).filter(([k]) => !filled(contactOld[k]));
  if (additions.length) body.contact = { ...contactOld, ...Object.fromEntries(additions) };
  const hasOrganization = typeof existing.organization === "number" || filled((existing.organization as { id?: unknown } | null)?.id);
  if (organizationId && !hasOrganization) body.organization = Number(organizationId);
  return Object.keys(body).length ? body : null;
}

const displayName = (c: LeadCustomer) => (c.name?.trim() || cleanEmail(c.email) || c.phone?.trim() || "Cliente").slice(0, 150);

/** POST /people/{id}/deals (or the organization's) in the default funnel and stage; fixes the stage when Agendor ignored it. */
async function openDeal(a: Active, owner: { personId: string | null; organizationId: string | null }, deal: { title: string; value?: number; description?: string | null }, opts: Opts) {
  const body: Record<string, unknown> = { title: deal.title.slice(0, 150), dealStatusText: "ongoing" };
  if (a.cfg.defaultFunnelId) body.funnel = a.cfg.defaultFunnelId;
  if (a.cfg.defaultFunnelId && a.cfg.defaultStage) body.dealStage = a.cfg.defaultStage;
  if (a.cfg.defaultUserId) body.ownerUser = a.cfg.defaultUserId;
  if (deal.value !== undefined) body.value = deal.value;
  if (deal.description) body.description = deal.description.slice(0, 2000);
  const path = owner.personId ? `/people/${owner.personId}/deals` : `/organizations/${owner.organizationId}/deals`;
  const res = await agendorRequest<{ data?: { id?: unknown; dealStage?: { sequence?: unknown } } }>(a.conn, "POST", path, body, opts);
  const id = str(idOf(res));
  if (!id) throw new AgendorError("O Agendor não devolveu o negócio criado.");
  const sequence = res.data?.dealStage?.sequence;
  // Creation sometimes ignores dealStage (protocols §6): an answer without the stage is fixed too.
  if (a.cfg.defaultFunnelId && a.cfg.defaultStage && sequence !== a.cfg.defaultStage) {
    await agendorRequest(a.conn, "PUT", `/deals/${id}/stage`, { dealStage: a.cfg.defaultStage, funnel: a.cfg.defaultFunnelId }, opts);
  }
  return id;
}

// ---- the public operations ---------------------------------------------------------------------
async function syncWith(deps: AppDeps, agent: AgentRef, a: Active, customer: LeadCustomer, conversationId: string | null, opts: Opts): Promise<SyncResult> {
  const keys = customerKeys(customer, conversationId);
  if (!cleanEmail(customer.email) && digits(customer.phone).length < 8) throw new AgendorError(NEED_CONTACT);
  if (!a.cfg.syncPeople && !(a.cfg.syncOrganizations && customer.company)) {
    throw new AgendorError("A sincronização de pessoas está desativada nas configurações do Agendor deste agente");
  }
  const link = await findLink(deps, agent.id, keys);
  const created = { person: false, organization: false, deal: false };

  let organizationId = link?.organizationId ?? null;
  const company = customer.company?.trim();
  if (company && a.cfg.syncOrganizations && !organizationId) {
    const org = await findOrCreateOrganization(a, company, opts);
    organizationId = org.id;
    created.organization = org.created;
  }

  let personId = link?.personId ?? null;
  if (a.cfg.syncPeople) {
    if (!personId) personId = await searchPerson(a.conn, customer, opts);
    let existing = personId ? await readPerson(a, personId, opts) : null;
    // A linked person deleted in Agendor since: find them again (or create them) instead of failing forever.
    if (personId && !existing) {
      personId = await searchPerson(a.conn, customer, opts);
      existing = personId ? await readPerson(a, personId, opts) : null;
    }
    if (personId && existing) {
      const update = personUpdate(existing, customer, organizationId);
      if (update) await agendorRequest(a.conn, "PUT", `/people/${personId}`, update, opts);
    } else {
      personId = str(idOf(await agendorRequest(a.conn, "POST", "/people", newPersonBody(a, customer, organizationId), opts)));
      if (!personId) throw new AgendorError("O Agendor não devolveu a pessoa criada.");
      created.person = true;
    }
  }

  let dealId = link?.dealId ?? null;
  if (!dealId && a.cfg.syncDeals && a.cfg.autoAddToFunnel && (personId || organizationId)) {
    const description = [customer.note, conversationId ? `Conversa no Atenda: ${conversationId}` : null].filter(Boolean).join("\n");
    dealId = await openDeal(a, { personId, organizationId }, { title: `Lead: ${displayName(customer)}`, description }, opts);
    created.deal = true;
  }

  await saveLink(deps, agent, keys, { personId, organizationId, dealId });
  await touchSync(deps, a.rowId);
  return { personId, organizationId, dealId, created };
}

/**
 * Creates or updates the customer in Agendor (person, organization when a company is known and
 * the flag is on) and, with "adicionar ao funil" on, opens the deal in the default funnel once.
 */
export async function syncLeadToAgendor(deps: AppDeps, agent: AgentRef, customer: LeadCustomer, conversationId: string | null, opts: Opts = {}): Promise<SyncResult> {
  const a = await activeAgendor(deps, agent);
  if (!a) throw new AgendorError(NOT_ACTIVE);
  return serialized(agent.id, () => syncWith(deps, agent, a, customer, conversationId, opts));
}

/** The customer's person/organization in Agendor: the stored link, else a sync from what the conversation knows. */
async function ensureCustomer(deps: AppDeps, agent: AgentRef, a: Active, customer: LeadCustomer, conversationId: string | null, opts: Opts) {
  const keys = customerKeys(customer, conversationId);
  const link = await findLink(deps, agent.id, keys);
  if (link && (link.personId || link.organizationId)) return { keys, link };
  if (!cleanEmail(customer.email) && digits(customer.phone).length < 8) {
    throw new AgendorError("Registre o lead primeiro (registrar_lead com nome e e-mail ou telefone do cliente)");
  }
  await syncWith(deps, agent, a, customer, conversationId, opts);
  const fresh = await findLink(deps, agent.id, keys);
  if (!fresh) throw new AgendorError("Não foi possível registrar o cliente no Agendor");
  return { keys, link: fresh };
}

export async function createAgendorDeal(
  deps: AppDeps,
  agent: AgentRef,
  customer: LeadCustomer,
  conversationId: string | null,
  deal: { title: string; value?: number; description?: string | null },
  opts: Opts = {},
) {
  const a = await activeAgendor(deps, agent);
  if (!a) throw new AgendorError(NOT_ACTIVE);
  if (!a.cfg.syncDeals) throw new AgendorError("A criação de negócios está desativada nas configurações do Agendor deste agente");
  return serialized(agent.id, async () => {
    const { keys, link } = await ensureCustomer(deps, agent, a, customer, conversationId, opts);
    const dealId = await openDeal(a, { personId: link.personId, organizationId: link.organizationId }, deal, opts);
    if (!link.dealId) await saveLink(deps, agent, [...new Set([...keys, link.customerKey])], { personId: link.personId, organizationId: link.organizationId, dealId });
    await touchSync(deps, a.rowId);
    return { dealId };
  });
}

export async function createAgendorTask(deps: AppDeps, agent: AgentRef, customer: LeadCustomer, conversationId: string | null, task: { text: string; dueDate?: string | null }, opts: Opts = {}) {
  const a = await activeAgendor(deps, agent);
  if (!a) throw new AgendorError(NOT_ACTIVE);
  if (!a.cfg.syncTasks) throw new AgendorError("A criação de tarefas está desativada nas configurações do Agendor deste agente");
  return serialized(agent.id, async () => {
    const { link } = await ensureCustomer(deps, agent, a, customer, conversationId, opts);
    const path = link.dealId ? `/deals/${link.dealId}/tasks` : link.personId ? `/people/${link.personId}/tasks` : `/organizations/${link.organizationId}/tasks`;
    const body: Record<string, unknown> = { text: task.text };
    if (task.dueDate) body.dueDate = toAgendorDueDate(task.dueDate);
    if (a.cfg.defaultUserId) body.assignedUsers = [a.cfg.defaultUserId];
    const taskId = str(idOf(await agendorRequest(a.conn, "POST", path, body, opts)));
    await touchSync(deps, a.rowId);
    return { taskId, on: link.dealId ? "negócio" : link.personId ? "pessoa" : "empresa" };
  });
}

/**
 * For the channel pipeline: a conversation yielded a lead (name plus e-mail or phone). When the
 * agent's Agendor is active with "Adicionar leads automaticamente ao funil" on, the customer is
 * synced (and put in the funnel once). Never throws: a CRM outage must not break the conversation.
 */
export async function agendorAutoAddHook(deps: AppDeps, agent: AgentRef, lead: { customer: LeadCustomer; conversationId: string | null }): Promise<SyncResult | null> {
  try {
    const a = await activeAgendor(deps, agent);
    if (!a?.cfg.autoAddToFunnel) return null;
    if (!cleanEmail(lead.customer.email) && digits(lead.customer.phone).length < 8) return null;
    return await serialized(agent.id, () => syncWith(deps, agent, a, lead.customer, lead.conversationId, {}));
  } catch (e) {
    log.warn("agendor auto-add failed", { agentId: agent.id, error: e instanceof Error ? e.message : String(e) });
    return null;
  }
}
