/** Campaign statuses and their pt-BR labels (SPEC §4), shared by the list, the detail and the runtime. */
export const CAMPAIGN_STATUSES = ["draft", "scheduled", "running", "paused", "paused_failures", "completed", "cancelled"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STATUS_LABEL: Record<CampaignStatus, string> = {
  draft: "Rascunho",
  scheduled: "Agendada",
  running: "Enviando",
  paused: "Pausada",
  paused_failures: "Pausada por falhas",
  completed: "Concluída",
  cancelled: "Cancelada",
};

/** daisyUI badge colour of each status. */
export const CAMPAIGN_STATUS_BADGE: Record<CampaignStatus, string> = {
  draft: "badge-ghost",
  scheduled: "badge-info",
  running: "badge-primary",
  paused: "badge-warning",
  paused_failures: "badge-error",
  completed: "badge-success",
  cancelled: "badge-neutral",
};

/** A campaign may be edited only while nothing is being sent (a running one is paused first). */
export const CAMPAIGN_EDITABLE: readonly CampaignStatus[] = ["draft", "scheduled", "paused", "paused_failures"];
