import type { ToolProvider } from "../../runtime/tools";

// PLACEHOLDER: filled by the google-calendar integration work (issue 6).
export const calendarTools: ToolProvider = async () => [];
