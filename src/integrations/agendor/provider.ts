import type { ToolProvider } from "../../runtime/tools";

// PLACEHOLDER: filled by the agendor integration work (issue 6).
export const agendorTools: ToolProvider = async () => [];
