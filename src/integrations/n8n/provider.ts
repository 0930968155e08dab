import type { ToolProvider } from "../../runtime/tools";

// PLACEHOLDER: filled by the n8n integration work (issue 6).
export const n8nTools: ToolProvider = async () => [];
