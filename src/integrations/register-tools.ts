import { registerToolProvider } from "../runtime/tool-registry";
import { agendorTools } from "./agendor/provider";
import { crmTools } from "./crm/provider";
import { crmVariableTools } from "./crm-variables/provider";
import { dynamicApiTools } from "./dynamic-api/provider";
import { emailTools } from "./email/provider";
import { calendarTools } from "./google-calendar/provider";
import { intentTools } from "./intents/provider";
import { n8nTools } from "./n8n/provider";
import { notionTools } from "./notion/provider";
import { nuvemshopTools } from "./nuvemshop/provider";
import { webSearchTools } from "./web-search/provider";

/**
 * Every source of tools, in priority order (a tool name offered twice goes to the first): a new
 * integration adds its provider here. Called once per process at boot (src/deps.ts).
 */
export function registerIntegrationTools(): void {
  registerToolProvider("intents", intentTools);
  registerToolProvider("dynamic_api", dynamicApiTools);
  registerToolProvider("google_calendar", calendarTools);
  // Before Agendor: its registrar_lead also syncs to Agendor when that integration is on.
  registerToolProvider("crm", crmTools);
  registerToolProvider("agendor", agendorTools);
  registerToolProvider("n8n", n8nTools);
  registerToolProvider("nuvemshop", nuvemshopTools);
  registerToolProvider("notion", notionTools);
  registerToolProvider("web_search", webSearchTools);
  registerToolProvider("email", emailTools);
  registerToolProvider("crm_variables", crmVariableTools);
}
