import { rm } from "node:fs/promises";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { agents, channelConnections, storedFiles, workspaces } from "../../db/schema";
import type { DbOrTx } from "../../db/client";
import { deleteWebhook } from "../adapters/telegram/client";
import { forgetSigner } from "../channels/inbound/signer-cache";
import { invalidateAgentIndex } from "../knowledge/agent-index";
import { log } from "../lib/logger";
import { invalidateAgent } from "./agent-cache";
import { telegramConfig } from "./channel-view";
import { releaseUazapiInstance } from "./channel-uazapi";
import type { AppDeps } from "./context";
import { withTransaction } from "./context";

/**
 * Every table with a workspace_id column, read from the schema itself: a table added later is
 * erased too without anyone remembering this file (several carry workspace_id without an FK).
 */
export async function tablesWithWorkspaceId(db: DbOrTx): Promise<string[]> {
  const rows = await db.all<{ name: string }>(
    sql`SELECT m.name AS name FROM sqlite_master m WHERE m.type = 'table' AND m.sql NOT LIKE 'CREATE VIRTUAL%'
        AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'workspace_id') ORDER BY m.name`,
  );
  return rows.map((r) => r.name);
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Channel webhooks and provider instances are let go before the rows that describe them vanish. */
async function deregisterChannels(deps: AppDeps, workspaceId: string) {
  const rows = await deps.db.select().from(channelConnections).where(eq(channelConnections.workspaceId, workspaceId));
  for (const row of rows) {
    try {
      if (row.channel === "telegram") {
        const botToken = deps.secrets.decrypt(telegramConfig(row).botToken);
        await deleteWebhook({ baseUrl: deps.env.TELEGRAM_API_BASE, botToken });
      } else if (row.channel === "whatsapp_uaz") {
        await releaseUazapiInstance(deps, row);
      }
      log.info("workspace erase: channel released", { workspaceId, connectionId: row.id, channel: row.channel });
    } catch (err) {
      // Best effort: a provider that is down must not keep a customer's data alive.
      log.warn("workspace erase: channel release failed", { workspaceId, connectionId: row.id, channel: row.channel, error: String(err) });
    }
    forgetSigner(deps.db, row.channel, row.externalId);
  }
}

/**
 * Deletes every row of a workspace in every table and deregisters its channel webhooks (best
 * effort, logged): what "delete the workspace" means (issue 17). Owner: workspace administration.
 */
export async function eraseWorkspace(deps: AppDeps, workspaceId: string): Promise<void> {
  await deregisterChannels(deps, workspaceId);
  const agentIds = (await deps.db.select({ id: agents.id }).from(agents).where(eq(agents.workspaceId, workspaceId))).map((a) => a.id);
  // Stored files (chat images, agent pictures) lose their rows with the workspace: their bytes go after.
  const files = await deps.db.select({ storagePath: storedFiles.storagePath }).from(storedFiles).where(eq(storedFiles.workspaceId, workspaceId));
  const counts: Record<string, number> = {};
  await withTransaction(deps.db, async (tx) => {
    // Restricting FKs (deals → stages) are checked at commit, when both sides are gone.
    await tx.run(sql`PRAGMA defer_foreign_keys = ON`);
    // The workspace row first: FK cascades take most children; the sweep below takes the rest.
    await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
    for (const table of await tablesWithWorkspaceId(tx)) {
      const res = await tx.run(sql`DELETE FROM ${sql.raw(quoted(table))} WHERE workspace_id = ${workspaceId}`);
      if (res.rowsAffected > 0) counts[table] = res.rowsAffected;
    }
  });
  for (const id of agentIds) {
    invalidateAgent(id);
    invalidateAgentIndex(id);
  }
  await rm(join(deps.env.DATA_DIR, "uploads", workspaceId), { recursive: true, force: true }).catch((err) =>
    log.warn("workspace erase: uploads not removed", { workspaceId, error: String(err) }),
  );
  for (const f of files) {
    await rm(join(deps.env.DATA_DIR, f.storagePath), { force: true }).catch((err) => log.warn("workspace erase: file not removed", { workspaceId, error: String(err) }));
  }
  log.info("workspace erased", { workspaceId, rowsLeftByFk: counts });
}
