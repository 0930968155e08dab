import type { Agent } from "../../hooks/use-agents";

/** Every integration card of the Integrações section gets the agent, whether the member may edit, and a dirty reporter. */
export type IntegrationCardProps = { agent: Agent; canEdit: boolean; onDirtyChange: (dirty: boolean) => void };
