/**
 * n8n (workflow automation) contract (SPEC §3 "Workflow-automation config", protocols §7): the
 * admin's global switch and, per agent, the n8n server, its Header Auth token and the workflows
 * the agent may start (one tool `n8n_<tag>` each). Shared by the card and the server.
 */
import { z } from "zod";
import { httpUrl, line, optional, paragraph } from "./text";

/** protocols §7: n8n's Header Auth credential; the name the product sends unless told otherwise. */
export const DEFAULT_N8N_AUTH_HEADER = "X-N8N-Key";
export const n8nConnectionTypes = ["webhook"] as const;
export const MAX_N8N_WORKFLOWS = 20;

export const n8nGlobalInput = z.object({ enabled: z.boolean({ message: "Informe se a integração está ativa" }) });
export type N8nGlobalInput = z.infer<typeof n8nGlobalInput>;

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

export const n8nWorkflow = z.object({
  tag: z
    .string()
    .trim()
    .toLowerCase()
    .min(2, "Tag deve ter pelo menos 2 caracteres")
    .max(40, "Tag deve ter no máximo 40 caracteres")
    .regex(/^[a-z0-9_]+$/, "Tag deve conter apenas letras minúsculas, números e sublinhado"),
  name: line(2, 100, { min: "Nome do workflow deve ter pelo menos 2 caracteres", max: "Nome do workflow deve ter no máximo 100 caracteres" }),
  webhookPath: z
    .string()
    .trim()
    .min(1, "Caminho do webhook é obrigatório")
    .max(300, "Caminho do webhook deve ter no máximo 300 caracteres")
    .regex(/^[A-Za-z0-9._~\-/:]+$/, "Caminho do webhook inválido: use só o caminho, como webhook/abc-123"),
  description: paragraph(10, 500, {
    min: "Descreva quando o agente deve usar este workflow (pelo menos 10 caracteres)",
    max: "Descrição deve ter no máximo 500 caracteres",
  }),
  enabled: z.boolean().default(true),
});
export type N8nWorkflow = z.output<typeof n8nWorkflow>;

export const n8nConfigInput = z
  .object({
    serverUrl: httpUrl("URL do servidor n8n inválida"),
    /** "" or absent keeps the stored token (the form never receives it). */
    authToken: z.string().max(1000, "Token deve ter no máximo 1000 caracteres").optional(),
    authHeader: optional(z.string().trim().max(100, "Nome do cabeçalho deve ter no máximo 100 caracteres").regex(HEADER_NAME, "Nome do cabeçalho inválido")),
    connectionType: z.enum(n8nConnectionTypes, { message: "Tipo de conexão inválido" }).default("webhook"),
    workflows: z.array(n8nWorkflow).max(MAX_N8N_WORKFLOWS, `No máximo ${MAX_N8N_WORKFLOWS} workflows`).default([]),
    enabled: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.workflows.forEach((w, i) => {
      if (seen.has(w.tag)) ctx.addIssue({ code: "custom", path: ["workflows", i, "tag"], message: "Já existe um workflow com esta tag" });
      seen.add(w.tag);
    });
  });
export type N8nConfigInput = z.input<typeof n8nConfigInput>;
export type N8nConfigParsed = z.output<typeof n8nConfigInput>;
export const saveN8nInput = z.object({ agentId: z.uuid(), config: n8nConfigInput });

/** What is stored (authToken sealed) and what the card gets back (hasAuthToken instead). */
export type N8nConfig = {
  serverUrl: string;
  authToken?: string;
  authHeader?: string | null;
  connectionType: (typeof n8nConnectionTypes)[number];
  workflows: N8nWorkflow[];
};

export const n8nToolName = (tag: string) => `n8n_${tag}`.slice(0, 64);

/** The production webhook URL of a workflow: "<server>/webhook/<path>"; a path already starting with webhook/ or webhook-test/ is kept. */
export function webhookUrl(serverUrl: string, webhookPath: string): string {
  const base = serverUrl.replace(/\/+$/, "");
  const path = webhookPath.replace(/^\/+/, "");
  return /^webhook(-test)?\//.test(path) ? `${base}/${path}` : `${base}/webhook/${path}`;
}
