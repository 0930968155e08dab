import { agendorTools } from "../integrations/agendor/provider";
import { dynamicApiTools } from "../integrations/dynamic-api/provider";
import { emailTools } from "../integrations/email/provider";
import { calendarTools } from "../integrations/google-calendar/provider";
import { n8nTools } from "../integrations/n8n/provider";
import { notionTools } from "../integrations/notion/provider";
import { nuvemshopTools } from "../integrations/nuvemshop/provider";
import { webSearchTools } from "../integrations/web-search/provider";
import { intentTools } from "../integrations/intents/provider";
import { log } from "../lib/logger";
import type { AppDeps } from "../services/context";
import type { AgentRow } from "./prompt";
import type { AgentTool, ToolContext, ToolProvider } from "./tools";

/**
 * Every source of tools, in one list (a new integration adds its provider here). A provider that
 * fails is logged and skipped: a broken integration must not silence the agent.
 */
const PROVIDERS: { name: string; provider: ToolProvider }[] = [
  { name: "intents", provider: intentTools },
  { name: "dynamic_api", provider: dynamicApiTools },
  { name: "google_calendar", provider: calendarTools },
  { name: "agendor", provider: agendorTools },
  { name: "n8n", provider: n8nTools },
  { name: "nuvemshop", provider: nuvemshopTools },
  { name: "notion", provider: notionTools },
  { name: "web_search", provider: webSearchTools },
  { name: "email", provider: emailTools },
];

export async function toolsForTurn(deps: AppDeps, agent: AgentRow, ctx: ToolContext): Promise<AgentTool[]> {
  const lists = await Promise.all(
    PROVIDERS.map(({ name, provider }) =>
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
