import {
  type httpMethods,
  type intentInput,
  intentParameter,
  type intentParamTypes,
  type internalTools,
  webhookConfig,
  type webhookWhen,
} from "../../../../../src/schemas/agents";
import type { z } from "zod";
import type { Intent } from "../../hooks/use-agents";

/** Webhook defaults come from the contract itself (timeout 5, retries 3, POST, before_response…). */
export const WEBHOOK_DEFAULTS = webhookConfig.omit({ url: true }).parse({});

export type ParamDraft = {
  name: string;
  type: (typeof intentParamTypes)[number];
  required: boolean;
  examples: string[];
  description: string;
};

export type HeaderDraft = { key: string; value: string; stored: boolean };

export type IntentDraft = {
  name: string;
  description: string;
  examples: string[];
  parameters: ParamDraft[];
  actionType: "simple_response" | "webhook" | "internal_tool";
  simpleResponse: string;
  webhook: {
    url: string;
    method: (typeof httpMethods)[number];
    /** `stored`: the server holds a value for this name (never sent back); blank keeps it. */
    headers: HeaderDraft[];
    timeout: number;
    retries: number;
    when: (typeof webhookWhen)[number];
    sendParameters: boolean;
    sendUserData: boolean;
  };
  internalTool: (typeof internalTools)[number];
  responseTemplate: string;
  isActive: boolean;
  priority: number;
};

export const emptyDraft = (): IntentDraft => ({
  name: "",
  description: "",
  examples: [],
  parameters: [],
  actionType: "simple_response",
  simpleResponse: "",
  webhook: { ...WEBHOOK_DEFAULTS, url: "", headers: [] },
  internalTool: "knowledge_base",
  responseTemplate: "",
  isActive: true,
  priority: 5,
});

/** A stored intent back into the form; an action the server could not read falls back to defaults. */
export function draftFromIntent(row: Intent): IntentDraft {
  const base = emptyDraft();
  const a = row.action;
  const params = row.parameters.flatMap((p) => {
    const r = intentParameter.safeParse(p);
    return r.success ? [{ ...r.data, description: r.data.description ?? "" }] : [];
  });
  const draft: IntentDraft = {
    ...base,
    name: row.name,
    description: row.description,
    examples: row.examples,
    parameters: params,
    responseTemplate: row.responseTemplate ?? "",
    isActive: row.isActive,
    priority: row.priority,
  };
  if (!a) return draft;
  if (a.type === "simple_response") return { ...draft, actionType: a.type, simpleResponse: a.simpleResponse };
  if (a.type === "internal_tool") return { ...draft, actionType: a.type, internalTool: a.internalTool };
  return {
    ...draft,
    actionType: "webhook",
    webhook: { ...a.webhook, headers: a.webhook.headers.map((h) => ({ key: h.name, value: "", stored: h.hasValue })) },
  };
}

/** The form into the exact body intentInput validates (only the chosen action's fields). */
export function draftToInput(d: IntentDraft): z.input<typeof intentInput> {
  const action =
    d.actionType === "simple_response"
      ? { type: d.actionType, simpleResponse: d.simpleResponse }
      : d.actionType === "internal_tool"
        ? { type: d.actionType, internalTool: d.internalTool }
        : {
            type: d.actionType,
            webhook: {
              ...d.webhook,
              // A blank value (null) keeps the one stored under that name; the server refuses a new name without one.
              headers: Object.fromEntries(d.webhook.headers.filter((h) => h.key.trim()).map((h) => [h.key.trim(), h.value === "" ? null : h.value])),
            },
          };
  return {
    name: d.name,
    description: d.description,
    examples: d.examples,
    parameters: d.parameters,
    action,
    responseTemplate: d.responseTemplate,
    isActive: d.isActive,
    priority: d.priority,
  };
}

export const ACTION_LABELS = { simple_response: "Resposta pronta", webhook: "Chamar um webhook", internal_tool: "Ferramenta interna" } as const;
export const WHEN_LABELS = { before_response: "Antes de responder", after_response: "Depois de responder", on_error: "Quando houver erro" } as const;
export const TOOL_LABELS = {
  calendar: "Agenda",
  crm: "CRM",
  email: "Email",
  knowledge_base: "Base de conhecimento",
  dynamic_api: "API dinâmica",
} as const;
export const PARAM_TYPE_LABELS = {
  text: "Texto",
  number: "Número",
  date: "Data",
  email: "Email",
  phone: "Telefone",
  list: "Lista",
  boolean: "Sim/Não",
} as const;
