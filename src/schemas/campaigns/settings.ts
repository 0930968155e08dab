import { z } from "zod";

/**
 * A campaign's anti-block settings (SPEC §9 "Campaign settings"): every bound and default is the
 * spec's. The form and the server both parse with campaignSettingsSchema; the pacer
 * (src/services/campaigns/pacer.ts) reads nothing else.
 */
export const CAMPAIGN_BOUNDS = {
  interval: { min: 10, max: 120 },
  maxPerHour: { min: 10, max: 150 },
  maxPerDay: { min: 1, max: 1000 },
  hour: { min: 0, max: 23 },
  warmupDays: { min: 3, max: 10 },
  pauseMin: { min: 5, max: 60 },
  pauseMax: { min: 5, max: 120 },
  pauseEveryHours: { min: 1, max: 6 },
  failureRate: { min: 10, max: 50 },
  consecutiveFailures: { min: 3, max: 20 },
} as const;

/** Anti-block templates (SPEC §9); 'personalizado' is whatever the person set. */
export const ANTI_BLOCK_PROFILES = ["conservador", "moderado", "agressivo", "personalizado"] as const;
export type AntiBlockProfile = (typeof ANTI_BLOCK_PROFILES)[number];
export const ANTI_BLOCK_PROFILE_LABEL: Record<AntiBlockProfile, string> = {
  conservador: "Conservador",
  moderado: "Moderado",
  agressivo: "Agressivo",
  personalizado: "Personalizado",
};

const int = (b: { min: number; max: number }, label: string) =>
  z
    .number({ error: `${label}: informe um número` })
    .int(`${label}: use um número inteiro`)
    .min(b.min, `${label}: mínimo ${b.min}`)
    .max(b.max, `${label}: máximo ${b.max}`);

export const campaignSettingsSchema = z
  .object({
    profile: z.enum(ANTI_BLOCK_PROFILES),
    /** Seconds between two sends of one connection, drawn at random inside [min, max]. */
    minIntervalSeconds: int(CAMPAIGN_BOUNDS.interval, "Intervalo mínimo"),
    maxIntervalSeconds: int(CAMPAIGN_BOUNDS.interval, "Intervalo máximo"),
    maxPerHour: int(CAMPAIGN_BOUNDS.maxPerHour, "Máximo por hora"),
    maxPerDay: int(CAMPAIGN_BOUNDS.maxPerDay, "Máximo por dia"),
    businessHoursEnabled: z.boolean(),
    /** Hours of the workspace's time zone: sends happen in [start, end). */
    businessHoursStart: int(CAMPAIGN_BOUNDS.hour, "Início do horário comercial"),
    businessHoursEnd: int(CAMPAIGN_BOUNDS.hour, "Fim do horário comercial"),
    warmupEnabled: z.boolean(),
    warmupDays: int(CAMPAIGN_BOUNDS.warmupDays, "Dias de aquecimento"),
    skipWeekends: z.boolean(),
    randomPausesEnabled: z.boolean(),
    pauseMinMinutes: int(CAMPAIGN_BOUNDS.pauseMin, "Pausa mínima"),
    pauseMaxMinutes: int(CAMPAIGN_BOUNDS.pauseMax, "Pausa máxima"),
    pauseEveryHours: int(CAMPAIGN_BOUNDS.pauseEveryHours, "Frequência das pausas"),
    failureDetectionEnabled: z.boolean(),
    /** Percent of failed sends that stops the campaign. */
    maxFailureRate: int(CAMPAIGN_BOUNDS.failureRate, "Taxa máxima de falhas"),
    maxConsecutiveFailures: int(CAMPAIGN_BOUNDS.consecutiveFailures, "Falhas consecutivas"),
    prioritizeEngaged: z.boolean(),
    rotateContent: z.boolean(),
  })
  .superRefine((s, ctx) => {
    if (s.minIntervalSeconds > s.maxIntervalSeconds)
      ctx.addIssue({ code: "custom", path: ["maxIntervalSeconds"], message: "O intervalo máximo deve ser maior ou igual ao mínimo" });
    if (s.businessHoursEnabled && s.businessHoursStart >= s.businessHoursEnd)
      ctx.addIssue({ code: "custom", path: ["businessHoursEnd"], message: "O fim do horário comercial deve ser depois do início" });
    if (s.pauseMinMinutes > s.pauseMaxMinutes) ctx.addIssue({ code: "custom", path: ["pauseMaxMinutes"], message: "A pausa máxima deve ser maior ou igual à mínima" });
  });

export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;

/** SPEC §9 defaults: the 'moderado' template. */
export const DEFAULT_CAMPAIGN_SETTINGS: CampaignSettings = {
  profile: "moderado",
  minIntervalSeconds: 25,
  maxIntervalSeconds: 50,
  maxPerHour: 60,
  maxPerDay: 500,
  businessHoursEnabled: true,
  businessHoursStart: 9,
  businessHoursEnd: 18,
  warmupEnabled: false,
  warmupDays: 5,
  skipWeekends: true,
  randomPausesEnabled: false,
  pauseMinMinutes: 15,
  pauseMaxMinutes: 30,
  pauseEveryHours: 2,
  failureDetectionEnabled: true,
  maxFailureRate: 20,
  maxConsecutiveFailures: 5,
  prioritizeEngaged: true,
  rotateContent: true,
};

/** What each template fills; choosing 'personalizado' keeps the current values. */
export const ANTI_BLOCK_PRESETS: Record<Exclude<AntiBlockProfile, "personalizado">, CampaignSettings> = {
  conservador: {
    ...DEFAULT_CAMPAIGN_SETTINGS,
    profile: "conservador",
    minIntervalSeconds: 45,
    maxIntervalSeconds: 90,
    maxPerHour: 30,
    maxPerDay: 200,
    warmupEnabled: true,
    warmupDays: 7,
    randomPausesEnabled: true,
    pauseMinMinutes: 15,
    pauseMaxMinutes: 45,
    pauseEveryHours: 2,
    maxFailureRate: 10,
    maxConsecutiveFailures: 3,
  },
  moderado: DEFAULT_CAMPAIGN_SETTINGS,
  agressivo: {
    ...DEFAULT_CAMPAIGN_SETTINGS,
    profile: "agressivo",
    minIntervalSeconds: 10,
    maxIntervalSeconds: 25,
    maxPerHour: 150,
    maxPerDay: 1000,
    businessHoursStart: 8,
    businessHoursEnd: 20,
    skipWeekends: false,
    maxFailureRate: 30,
    maxConsecutiveFailures: 10,
  },
};

/** The settings a template fills, or the current ones relabelled 'personalizado'. */
export function applyAntiBlockProfile(profile: AntiBlockProfile, current: CampaignSettings): CampaignSettings {
  return profile === "personalizado" ? { ...current, profile } : { ...ANTI_BLOCK_PRESETS[profile] };
}

/**
 * The official channel's approved template chosen for a campaign: its body's {{1}}, {{2}}… are
 * filled per contact from these texts, which may hold {{nome}}, {{empresa}} or any contact variable.
 */
export const campaignTemplateChoiceSchema = z.object({
  name: z.string().trim().min(1, "Escolha um modelo aprovado").max(512),
  language: z.string().trim().min(2).max(15),
  /** One text per body placeholder, in order. */
  bodyParams: z.array(z.string().trim().min(1, "Preencha todas as variáveis do modelo").max(1024)).max(20),
  /** A header image/document link, when the template's header takes one. */
  headerMediaUrl: z.string().url("Informe uma URL válida").max(2048).nullish(),
});
export type CampaignTemplateChoice = z.infer<typeof campaignTemplateChoiceSchema>;

/** Until workspaces have their own time zone (issue 17), campaigns keep São Paulo's hours. */
export const CAMPAIGN_TIME_ZONE = "America/Sao_Paulo";

/**
 * What the pacer remembers of one campaign between sends (campaigns.pacer_state): its random
 * pauses and failure streak. Counts of sends per hour/day are read from campaign_sends instead.
 */
export type CampaignPacerState = {
  /** When the next random pause begins (randomPausesEnabled). */
  nextPauseAt: number | null;
  /** A random pause in progress lasts until then. */
  pausedUntil: number | null;
  consecutiveFailures: number;
};
