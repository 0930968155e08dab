/**
 * The intents ToolProvider: every active intent of the agent, highest priority first, becomes a
 * tool the model can call (SPEC §3 Intent). on_error webhooks are hooks, not tools (run-webhook.ts).
 */
import { configOf, readActiveIntents } from "../../services/agent-config";
import type { AppDeps } from "../../services/context";
import type { AgentRow } from "../../runtime/prompt";
import type { AgentTool, ToolContext, ToolProvider } from "../../runtime/tools";
import { openHeaders } from "./headers";
import { runInternalTool } from "./internal";
import { isErrorHook, runWebhookIntent } from "./run-webhook";
import { type ParsedIntent, describeIntent, fillTemplate, parametersSchema, parseIntent, toolNameFor } from "./shape";

/** Active intents, priority desc then oldest first (the order the model sees and ties resolve in). */
export async function activeIntents(deps: AppDeps, agent: Pick<AgentRow, "id" | "workspaceId">): Promise<ParsedIntent[]> {
  // A turn's agent carries the intents its version read validated (services/agent-config.ts).
  const rows = configOf(agent)?.intents ?? (await readActiveIntents(deps.db, agent));
  return rows.flatMap((row) => {
    const intent = parseIntent(row);
    if (!intent) return [];
    if (intent.action.type !== "webhook") return [intent];
    // Header values are sealed at rest; only the call itself sees them in the clear.
    const webhook = { ...intent.action.webhook, headers: openHeaders(deps.secrets, intent.action.webhook.headers) };
    return [{ ...intent, action: { type: "webhook" as const, webhook } }];
  });
}

/** The body of one intent's call, shared by the tool and the offline matcher. */
export function intentRunner(deps: AppDeps, agent: AgentRow, ctx: ToolContext, intent: ParsedIntent, hooks: ParsedIntent[]): AgentTool["run"] {
  const { action } = intent;
  switch (action.type) {
    case "simple_response":
      return async (args) => ({ reply: fillTemplate(action.simpleResponse, args) });
    case "webhook":
      return (args, signal) => runWebhookIntent(intent, action.webhook, args, ctx, hooks, signal);
    case "internal_tool":
      return (args) => runInternalTool(deps, agent, intent, action.internalTool, args, ctx);
  }
}

export function intentsAsTools(deps: AppDeps, agent: AgentRow, ctx: ToolContext, intents: ParsedIntent[]): AgentTool[] {
  const hooks = intents.filter(isErrorHook);
  const taken = new Set<string>();
  return intents
    .filter((i) => !isErrorHook(i))
    .map((intent) => ({
      name: toolNameFor(intent.row.name, taken),
      description: describeIntent(intent.row),
      parameters: parametersSchema(intent.params),
      examples: intent.row.examples,
      // A before_response webhook's whole call (retries included) must fit in its configured timeout.
      ...(intent.action.type === "webhook" && intent.action.webhook.when === "before_response" ? { timeoutMs: intent.action.webhook.timeout * 1000 } : {}),
      run: intentRunner(deps, agent, ctx, intent, hooks),
    }));
}

export const intentTools: ToolProvider = async (deps, agent, ctx) => intentsAsTools(deps, agent, ctx, await activeIntents(deps, agent));
