import { and, eq, sql } from "drizzle-orm";
import { channelConnections } from "../../db/schema";
import type { AppDeps } from "./context";

/**
 * Telegram bots connected without a public https URL: the worker long-polls these
 * (workers/telegram-poller.ts), and a server with such a bot starts its job Worker
 * (workers/start-on-work.ts). Apart from the channels service, which a start does not load.
 */
export async function telegramPollingConnectionIds(deps: AppDeps): Promise<string[]> {
  const rows = await deps.db
    .select({ id: channelConnections.id })
    .from(channelConnections)
    .where(and(eq(channelConnections.channel, "telegram"), sql`json_extract(${channelConnections.config}, '$.mode') = 'polling'`));
  return rows.map((r) => r.id);
}
