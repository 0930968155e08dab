import { log } from "../lib/logger";
import type { AppDeps } from "../services/context";
import type { AgentRow } from "./prompt";
import { registeredToolProviders } from "./tool-registry";
import type { AgentTool, ToolContext } from "./tools";

let warnedEmpty = false;

/**
 * The tools of one turn, from every registered provider (src/runtime/tool-registry.ts). A provider
 * that fails is logged and skipped: a broken integration must not silence the agent.
 */
export async function toolsForTurn(deps: AppDeps, agent: AgentRow, ctx: ToolContext): Promise<AgentTool[]> {
  const providers = registeredToolProviders();
  // No provider at all is a boot mistake (registerIntegrationTools not called), never a configuration.
  if (!providers.length && !warnedEmpty) {
    warnedEmpty = true;
    log.error("no tool provider registered: call registerIntegrationTools() at boot");
  }
  const lists = await Promise.all(
    providers.map(({ name, provider }) =>
      provider(deps, agent, ctx).catch((err) => {
        log.warn("tool provider failed", { provider: name, agentId: agent.id, error: err instanceof Error ? err.message : String(err) });
        return [] as AgentTool[];
      }),
    ),
  );
  // Names must be unique for the model: the first provider wins.
  const seen = new Set<string>();
  return lists.flat().filter((t) => {
    if (seen.has(t.name)) return false;
    seen.add(t.name);
    return true;
  });
}
