import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { workspaces } from "../../db/schema";
import { defaultWorkspaceSettings } from "../schemas/workspaces";

/** The IANA time zone a workspace's channels, campaigns and charts use (its settings; São Paulo by default). */
export async function workspaceTimezone(db: Db, workspaceId: string): Promise<string> {
  const [row] = await db.select({ settings: workspaces.settings }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  return row?.settings.timezone || defaultWorkspaceSettings.timezone;
}
