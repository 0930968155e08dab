/** Feature suggestions (issue 19; SPEC §3: category default geral, status default pendente, priority default média). */
export const SUGGESTION_CATEGORIES = ["geral", "agentes", "canais", "treinamento", "crm", "campanhas", "integracoes", "relatorios", "academy"] as const;
export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];
export const SUGGESTION_CATEGORY_LABEL: Record<SuggestionCategory, string> = {
  geral: "Geral",
  agentes: "Agentes",
  canais: "Canais",
  treinamento: "Treinamento",
  crm: "CRM e funil",
  campanhas: "Campanhas",
  integracoes: "Integrações",
  relatorios: "Relatórios",
  academy: "Academy",
};

export const SUGGESTION_STATUSES = ["pendente", "planejada", "em_andamento", "concluida", "recusada", "mesclada"] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];
export const SUGGESTION_STATUS_LABEL: Record<SuggestionStatus, string> = {
  pendente: "Pendente",
  planejada: "Planejada",
  em_andamento: "Em andamento",
  concluida: "Concluída",
  recusada: "Recusada",
  mesclada: "Mesclada",
};

export const SUGGESTION_PRIORITIES = ["baixa", "média", "alta"] as const;
export type SuggestionPriority = (typeof SUGGESTION_PRIORITIES)[number];
export const SUGGESTION_PRIORITY_LABEL: Record<SuggestionPriority, string> = { baixa: "Baixa", média: "Média", alta: "Alta" };

export const VOTE_TYPES = ["up", "down"] as const;
export type VoteType = (typeof VOTE_TYPES)[number];
