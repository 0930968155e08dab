/**
 * The n8n ToolProvider: when the admin's global switch is on and the agent's n8n integration is
 * enabled, each enabled workflow becomes one tool `n8n_<tag>`. A call POSTs the conversation data
 * and the model's arguments to the workflow's webhook and hands its answer back to the model.
 */
import type { AgentRow } from "../../runtime/prompt";
import type { AgentTool, ToolContext, ToolProvider } from "../../runtime/tools";
import type { N8nConfig, N8nWorkflow } from "../../schemas/n8n";
import { n8nToolName } from "../../schemas/n8n";
import { getPlatformSetting } from "../../services/platform-settings";
import type { AppDeps } from "../../services/context";
import { integrationsOf, openConfig } from "../store";
import { N8N_TOOL_TIMEOUT_MS, callWorkflow } from "../../adapters/n8n/client";

/** Never saved means on: the admin switch exists to turn workflow automation off platform-wide. */
export async function n8nGloballyEnabled(deps: AppDeps, turnAgent?: AgentRow): Promise<boolean> {
  const setting = await getPlatformSetting<{ enabled?: boolean }>(deps, "n8n", turnAgent);
  return setting?.enabled !== false;
}

/** The JSON each workflow receives (`$json.body` in n8n). */
export function workflowPayload(agent: Pick<AgentRow, "id" | "name">, wf: Pick<N8nWorkflow, "tag" | "name">, ctx: ToolContext, args: Record<string, unknown>, now = Date.now()) {
  return {
    workflow: { tag: wf.tag, name: wf.name },
    agent: { id: agent.id, name: agent.name },
    conversationId: ctx.conversationId,
    channel: ctx.channel,
    customer: { name: ctx.customer.name, phone: ctx.customer.phone, email: ctx.customer.email },
    lastMessage: ctx.text,
    arguments: args,
    sentAt: new Date(now).toISOString(),
  };
}

export const WORKFLOW_PARAMETERS = {
  type: "object",
  properties: {
    resumo: { type: "string", description: "Resumo, em uma frase, do que o cliente pediu" },
    dados: { type: "object", description: "Dados coletados na conversa que o workflow precisa (nome, e-mail, pedido, data...)", additionalProperties: true },
  },
  required: ["resumo"],
};

export function workflowTools(deps: AppDeps, agent: AgentRow, cfg: N8nConfig, ctx: ToolContext): AgentTool[] {
  return cfg.workflows
    .filter((wf) => wf.enabled !== false)
    .map((wf) => ({
      name: n8nToolName(wf.tag),
      description: `Workflow do n8n "${wf.name}": ${wf.description}`.slice(0, 1000),
      parameters: WORKFLOW_PARAMETERS,
      timeoutMs: N8N_TOOL_TIMEOUT_MS,
      run: async (args, signal) => {
        const res = await callWorkflow(cfg, wf, workflowPayload(agent, wf, ctx, args, deps.now()), signal);
        return { data: { workflow: wf.name, status: res.status, resposta: res.body } };
      },
    }));
}

/** The agent's n8n config (token decrypted) when it is enabled and complete, else null. */
export async function activeN8nConfig(deps: AppDeps, agent: Pick<AgentRow, "id" | "workspaceId">): Promise<N8nConfig | null> {
  const [row] = (await integrationsOf(deps, agent, "n8n")).filter((r) => r.workspaceId === agent.workspaceId);
  if (!row?.enabled) return null;
  const cfg = openConfig<N8nConfig>(deps, row);
  if (!cfg.serverUrl || !Array.isArray(cfg.workflows) || cfg.workflows.length === 0) return null;
  return cfg;
}

export const n8nTools: ToolProvider = async (deps, agent, ctx) => {
  // Both at once: the config read then shares the turn's one integrations query (integrationsOf).
  const [enabled, cfg] = await Promise.all([n8nGloballyEnabled(deps, agent), activeN8nConfig(deps, agent)]);
  return enabled && cfg ? workflowTools(deps, agent, cfg, ctx) : [];
};
