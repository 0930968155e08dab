import type { AppDeps } from "./context";

/**
 * Deletes every row of a workspace in every table and deregisters its channel webhooks (best
 * effort, logged): what "delete the workspace" means (issue 17). Owner: workspace administration.
 */
export async function eraseWorkspace(_deps: AppDeps, _workspaceId: string): Promise<void> {
  throw new Error("eraseWorkspace: not built yet (issue 17 foundation)");
}
