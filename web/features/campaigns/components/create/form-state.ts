import type { z } from "zod";
import { createCampaignInput } from "../../../../../src/schemas/campaigns/campaign";
import { type CampaignSettings, type CampaignTemplateChoice, DEFAULT_CAMPAIGN_SETTINGS } from "../../../../../src/schemas/campaigns/settings";
import { type FieldErrors, fieldErrors } from "../../../../lib/form-errors";

/** What the step-by-step form edits; startLocal is "aaaa-mm-ddThh:mm" in São Paulo time. */
export type CampaignForm = {
  name: string;
  listId: string;
  connectionId: string;
  channel: "whatsapp_uaz" | "whatsapp_cloud" | null;
  messages: string[];
  template: CampaignTemplateChoice | null;
  media: { url: string; kind: "image" | "document"; name: string } | null;
  startMode: "now" | "later";
  startLocal: string;
  settings: CampaignSettings;
};

export const EMPTY_FORM: CampaignForm = {
  name: "",
  listId: "",
  connectionId: "",
  channel: null,
  messages: [""],
  template: null,
  media: null,
  startMode: "now",
  startLocal: "",
  settings: DEFAULT_CAMPAIGN_SETTINGS,
};

export const STEPS = ["Lista", "Conexão", "Mensagens", "Envio", "Revisão"] as const;
/** The fields each step checks: an error key belongs to the step whose prefix it starts with. */
const STEP_FIELDS: string[][] = [["name", "listId"], ["connectionId", "template", "media"], ["messages"], ["startAt", "settings"], []];

/**
 * São Paulo has kept UTC−3 all year since 2019: the typed date/time is read with that offset.
 * Returns NaN for an empty or malformed value.
 */
export const saoPauloToMs = (local: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? Date.parse(`${local}:00-03:00`) : Number.NaN);
export const msToSaoPaulo = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 16);

/** The procedure's input built from the form (the official channel sends its template, no variants). */
export function toInput(f: CampaignForm): z.input<typeof createCampaignInput> {
  const later = f.startMode === "later" ? saoPauloToMs(f.startLocal) : null;
  return {
    name: f.name,
    listId: f.listId,
    connectionId: f.connectionId || null,
    messages: f.channel === "whatsapp_cloud" ? [] : f.messages,
    template: f.channel === "whatsapp_cloud" ? f.template : null,
    media: f.channel === "whatsapp_cloud" || !f.media?.url ? null : { url: f.media.url, kind: f.media.kind, name: f.media.name || null },
    startAt: later === null ? null : Number.isNaN(later) ? 0 : later,
    settings: f.settings,
  };
}

/** The same zod schema as the server, with the errors of steps up to `step` (and the form's own rules). */
export function validateSteps(f: CampaignForm, upTo: number): FieldErrors {
  const out: FieldErrors = {};
  const parsed = createCampaignInput.safeParse(toInput(f));
  const all = parsed.success ? {} : fieldErrors(parsed.error);
  // Sending needs a connection; a draft saved without one is fine on the server.
  if (!f.connectionId) all.connectionId = "Escolha uma conexão";
  if (f.channel === "whatsapp_cloud" && !f.template?.name) all.template = "Escolha um modelo aprovado";
  if (f.startMode === "later" && Number.isNaN(saoPauloToMs(f.startLocal))) all.startAt = "Informe a data e a hora de início";
  for (const [key, message] of Object.entries(all)) {
    const step = STEP_FIELDS.findIndex((fields) => fields.some((p) => key === p || key.startsWith(`${p}.`)));
    if (step !== -1 && step <= upTo) out[key] = message;
  }
  return out;
}

/** The first step with an error, or -1. */
export function firstStepWithError(errors: FieldErrors): number {
  const keys = Object.keys(errors);
  return STEP_FIELDS.findIndex((fields) => keys.some((k) => fields.some((p) => k === p || k.startsWith(`${p}.`))));
}
