import type { ToolProvider } from "../../runtime/tools";

// PLACEHOLDER: filled by the email integration work (issue 6).
export const emailTools: ToolProvider = async () => [];
