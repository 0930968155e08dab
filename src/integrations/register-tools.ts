import { registerToolProvider } from "../runtime/tool-registry";
import type { ToolProvider } from "../runtime/tools";

/**
 * A provider whose module is imported on the first turn that asks for tools, not at boot (issue 12:
 * start time and idle RSS; every integration pulls in its services). A failed import is retried on
 * the next turn; meanwhile toolsForTurn logs and skips the provider as it does any failing one.
 */
function onFirstUse(load: () => Promise<ToolProvider>): ToolProvider {
  let loading: Promise<ToolProvider> | null = null;
  return async (deps, agent, ctx) => {
    loading ??= load().catch((e: unknown) => {
      loading = null;
      throw e;
    });
    return (await loading)(deps, agent, ctx);
  };
}

/**
 * Every source of tools, in priority order (a tool name offered twice goes to the first): a new
 * integration adds its provider here. Called once per process at boot (src/deps.ts).
 */
export function registerIntegrationTools(): void {
  registerToolProvider("intents", onFirstUse(() => import("./intents/provider").then((m) => m.intentTools)));
  registerToolProvider("dynamic_api", onFirstUse(() => import("./dynamic-api/provider").then((m) => m.dynamicApiTools)));
  registerToolProvider("google_calendar", onFirstUse(() => import("./google-calendar/provider").then((m) => m.calendarTools)));
  // Before Agendor: its registrar_lead also syncs to Agendor when that integration is on.
  registerToolProvider("crm", onFirstUse(() => import("./crm/provider").then((m) => m.crmTools)));
  registerToolProvider("agendor", onFirstUse(() => import("./agendor/provider").then((m) => m.agendorTools)));
  registerToolProvider("n8n", onFirstUse(() => import("./n8n/provider").then((m) => m.n8nTools)));
  registerToolProvider("nuvemshop", onFirstUse(() => import("./nuvemshop/provider").then((m) => m.nuvemshopTools)));
  registerToolProvider("notion", onFirstUse(() => import("./notion/provider").then((m) => m.notionTools)));
  registerToolProvider("web_search", onFirstUse(() => import("./web-search/provider").then((m) => m.webSearchTools)));
  registerToolProvider("email", onFirstUse(() => import("./email/provider").then((m) => m.emailTools)));
  registerToolProvider("crm_variables", onFirstUse(() => import("./crm-variables/provider").then((m) => m.crmVariableTools)));
}
