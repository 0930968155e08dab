import type { ToolProvider } from "../../runtime/tools";

// PLACEHOLDER: filled by the nuvemshop integration work (issue 6).
export const nuvemshopTools: ToolProvider = async () => [];
