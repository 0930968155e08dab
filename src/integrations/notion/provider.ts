import type { ToolProvider } from "../../runtime/tools";

// PLACEHOLDER: filled by the notion integration work (issue 6).
export const notionTools: ToolProvider = async () => [];
