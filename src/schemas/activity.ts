import { z } from "zod";

/**
 * /logs (issue 17): the filter of the activity list, shared by the page, the tRPC procedures and the
 * CSV export route (which reads it from the query string). Pure: the web imports it.
 */
export const ACTIVITY_CATEGORY_LABEL = {
  auth: "Acesso",
  account: "Conta",
  workspace: "Workspace",
  member: "Membros",
  credits: "Créditos",
  billing: "Faturamento",
  agent: "Agentes",
  training: "Treinamento",
  channel: "Canais",
  integration: "Integrações",
  conversation: "Conversas",
  crm: "CRM",
  campaign: "Campanhas",
  admin: "Administração",
} as const;
export type ActivityCategoryKey = keyof typeof ACTIVITY_CATEGORY_LABEL;
export const activityCategoryKeys = Object.keys(ACTIVITY_CATEGORY_LABEL) as [ActivityCategoryKey, ...ActivityCategoryKey[]];

export const LOG_PERIODS = ["today", "7d", "30d", "90d", "365d", "custom"] as const;
export type LogPeriod = (typeof LOG_PERIODS)[number];
export const LOG_PERIOD_LABEL: Record<LogPeriod, string> = {
  today: "Hoje",
  "7d": "Últimos 7 dias",
  "30d": "Últimos 30 dias",
  "90d": "Últimos 90 dias",
  "365d": "Últimos 12 meses",
  custom: "Personalizado",
};

/** "mine": the caller's own lines; "workspace": every line of the workspace (admins and the owner only). */
export const LOG_SCOPES = ["mine", "workspace"] as const;
export type LogScope = (typeof LOG_SCOPES)[number];
export const WORKSPACE_LOGS_DENIED = "Apenas administradores do workspace podem ver as atividades de toda a equipe.";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Data inválida (use AAAA-MM-DD)");

export const logsFilter = z
  .object({
    scope: z.enum(LOG_SCOPES).default("mine"),
    period: z.enum(LOG_PERIODS).default("30d"),
    /** Calendar days in São Paulo, both included; only with period "custom". */
    from: day.optional(),
    to: day.optional(),
    category: z.enum(activityCategoryKeys, { message: "Categoria inválida" }).optional(),
    agentId: z.uuid({ message: "ID inválido" }).optional(),
    /** A person of the workspace (workspace scope only). */
    userId: z.uuid({ message: "ID inválido" }).optional(),
    search: z.string().trim().max(100, "Busca deve ter no máximo 100 caracteres").optional(),
  })
  .superRefine((f, ctx) => {
    if (f.period !== "custom") return;
    if (!f.from || !f.to) ctx.addIssue({ code: "custom", path: ["from"], message: "Informe as datas inicial e final" });
    else if (f.from > f.to) ctx.addIssue({ code: "custom", path: ["to"], message: "A data final deve ser igual ou posterior à inicial" });
  });
export type LogsFilter = z.infer<typeof logsFilter>;
export type LogsFilterInput = z.input<typeof logsFilter>;

export const logsListInput = z.object({
  filter: logsFilter,
  limit: z.number().int().min(1).max(100).default(50),
  /** Opaque keyset cursor from the previous page. */
  cursor: z.string().max(200).optional(),
});

export const logIdInput = z.object({ id: z.uuid({ message: "ID inválido" }) });

const FILTER_KEYS = ["scope", "period", "from", "to", "category", "agentId", "userId", "search"] as const;

/** The filter as a query string (the CSV export link); the inverse of parseLogsQuery. */
export function logsSearchParams(filter: LogsFilterInput): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filter[key];
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

/** The export route's query string → the filter (empty values dropped), validated like the procedure's input. */
export function parseLogsQuery(query: Record<string, string | undefined>): LogsFilter {
  const picked: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const v = query[key];
    if (v) picked[key] = v;
  }
  return logsFilter.parse(picked);
}

/** pt-BR names of the verbs written today; a line of another verb shows its description or the verb itself. */
export const ACTIVITY_ACTION_LABEL: Record<string, string> = {
  "auth.register": "Cadastro",
  "auth.login": "Entrada",
  "auth.login.failed": "Tentativa de entrada recusada",
  "auth.login.rate_limited": "Entradas bloqueadas por excesso de tentativas",
  "auth.logout": "Saída",
  "auth.forgot_password": "Pedido de nova senha",
  "auth.reset_password": "Senha redefinida",
  "auth.verify_email": "E-mail confirmado",
  "agent.create": "Agente criado",
  "agent.update": "Agente editado",
  "agent.activate": "Agente ativado",
  "agent.deactivate": "Agente desativado",
  "agent.delete": "Agente excluído",
  "agent.ai_features": "Recursos de IA do agente alterados",
  "feedback.resolve": "Feedback marcado como resolvido",
  "feedback.reopen": "Feedback reaberto",
  "feedback.to_training": "Feedback transformado em treinamento",
  "training.add": "Treinamento adicionado",
  "training.update": "Treinamento editado",
  "training.remove": "Treinamento removido",
  "channel.connect": "Canal conectado",
  "channel.update": "Canal alterado",
  "channel.disconnect": "Canal desconectado",
  "integration.save": "Integração salva",
  "integration.remove": "Integração removida",
  "workspace.create": "Workspace criado",
  "workspace.switch": "Troca de workspace",
  "workspace.invite": "Membro convidado",
  "workspace.join": "Convite aceito",
  "member.revoke": "Convite revogado",
  "credits.grant": "Créditos concedidos",
  "billing.spend_cap_reached": "Limite de gastos atingido",
  "crm.contact.erase": "Contato apagado (LGPD)",
  "orchestration.create": "Orquestração criada",
  "orchestration.update": "Orquestração alterada",
  "orchestration.activate": "Orquestração ativada",
  "orchestration.deactivate": "Orquestração desativada",
  "orchestration.delete": "Orquestração excluída",
  "orchestration.agents": "Agentes da orquestração alterados",
  "orchestration.agent.add": "Agente adicionado à orquestração",
  "orchestration.agent.remove": "Agente removido da orquestração",
  "orchestration.entry": "Entrada da orquestração alterada",
  "orchestration.positions": "Grafo da orquestração reorganizado",
  "orchestration.rule.create": "Regra de encaminhamento criada",
  "orchestration.rule.update": "Regra de encaminhamento alterada",
  "orchestration.rule.delete": "Regra de encaminhamento excluída",
  "orchestration.router.update": "Roteador alterado",
  "pipeline.delete": "Funil excluído",
  "campaign.start": "Campanha iniciada",
  "campaign.pause": "Campanha pausada",
  "campaign.resume": "Campanha retomada",
  "campaign.cancel": "Campanha cancelada",
  "deal.create": "Negócio criado",
  "deal.delete": "Negócio excluído",
  "pipeline.create": "Funil criado",
  "handoff.accept": "Transferência aceita",
  "handoff.complete": "Transferência concluída",
  "handoff.cancel": "Transferência cancelada",
  "handoff.settings": "Configurações de transferência alteradas",
  "memory.create": "Memória do cliente adicionada",
  "memory.update": "Memória do cliente editada",
  "memory.delete": "Memória do cliente excluída",
  "memory.summarize": "Resumo de conversa gerado",
};

/** What a line is called on screen and in the CSV. */
export function activityTitle(action: string, description: string | null): string {
  return ACTIVITY_ACTION_LABEL[action] ?? description ?? action;
}
