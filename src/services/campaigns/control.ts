/**
 * Starting, pausing, resuming and cancelling a campaign (the runtime engineer's; the campaigns
 * router calls these). STUB: signatures fixed, bodies to come.
 */
import type { ServiceContext, WorkspaceScope } from "../context";

export type CampaignControlResult = { id: string; status: string };

/** draft/scheduled → running (or scheduled when startAt is later): creates one send per list member and wakes the scheduler. */
export async function startCampaign(_ctx: ServiceContext, _scope: WorkspaceScope, _id: string): Promise<CampaignControlResult> {
  throw new Error("campaign runtime not built yet");
}
/** running/scheduled → paused: takes effect before the next send. */
export async function pauseCampaign(_ctx: ServiceContext, _scope: WorkspaceScope, _id: string): Promise<CampaignControlResult> {
  throw new Error("campaign runtime not built yet");
}
/** paused/paused_failures → running. */
export async function resumeCampaign(_ctx: ServiceContext, _scope: WorkspaceScope, _id: string): Promise<CampaignControlResult> {
  throw new Error("campaign runtime not built yet");
}
/** Anything not finished → cancelled; pending sends become skipped. */
export async function cancelCampaign(_ctx: ServiceContext, _scope: WorkspaceScope, _id: string): Promise<CampaignControlResult> {
  throw new Error("campaign runtime not built yet");
}
