import type { ToolProvider } from "../../runtime/tools";

// PLACEHOLDER: filled by the web-search integration work (issue 6).
export const webSearchTools: ToolProvider = async () => [];
