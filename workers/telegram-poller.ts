import { getUpdates } from "../src/adapters/telegram/client";
import { log } from "../src/lib/logger";
import { connectionById, saveTelegramPollOffset, telegramConfig } from "../src/services/channels";
import { telegramPollingConnectionIds } from "../src/services/telegram-polling";
import type { AppDeps } from "../src/services/context";
import { acceptInbound } from "../src/channels/accept";
import { type TgUpdate, telegramMessage } from "../src/channels/inbound/telegram";

const REFRESH_MS = 5000;
const LONG_POLL_SECONDS = 25;

/**
 * Long polling for bots connected without a public https URL (Telegram cannot reach a webhook
 * then): one getUpdates loop per such connection. Each batch is accepted durably BEFORE the offset
 * moves past it, so a crash re-reads the batch and the inbound ids drop what was already taken.
 */
export function startTelegramPoller(deps: AppDeps, opts: { longPollSeconds?: number } = {}) {
  const loops = new Map<string, AbortController>();
  let stopped = false;

  const pollConnection = async (connectionId: string, signal: AbortSignal) => {
    let failures = 0;
    while (!signal.aborted && !stopped) {
      const row = await connectionById(deps, connectionId);
      if (!row) return;
      const config = telegramConfig(row);
      const target = { baseUrl: deps.env.TELEGRAM_API_BASE, botToken: deps.secrets.decrypt(config.botToken) };
      try {
        const updates = (await getUpdates(target, config.pollOffset ?? null, opts.longPollSeconds ?? LONG_POLL_SECONDS, signal)) as TgUpdate[];
        failures = 0;
        if (!updates.length) continue;
        const events = updates.map((u) => telegramMessage(row.id, u)).filter((m) => m !== null);
        await acceptInbound(deps, row, events);
        const next = Math.max(...updates.map((u) => u.update_id ?? 0)) + 1;
        await saveTelegramPollOffset(deps, row.id, next);
      } catch (err) {
        if (signal.aborted) return;
        failures++;
        const wait = Math.min(60_000, 1000 * 2 ** Math.min(failures, 6));
        log.warn("telegram polling failed", { connectionId, error: err instanceof Error ? err.message : String(err), retryInMs: wait });
        await Bun.sleep(wait);
      }
    }
  };

  const refresh = async () => {
    const wanted = new Set(await telegramPollingConnectionIds(deps));
    for (const [id, ctl] of loops) {
      if (!wanted.has(id)) {
        ctl.abort();
        loops.delete(id);
      }
    }
    for (const id of wanted) {
      if (loops.has(id)) continue;
      const ctl = new AbortController();
      loops.set(id, ctl);
      void pollConnection(id, ctl.signal).finally(() => {
        if (loops.get(id) === ctl) loops.delete(id);
      });
    }
  };

  const tick = () => void refresh().catch((err) => log.warn("telegram poller refresh failed", { error: String(err) }));
  tick();
  const timer = setInterval(tick, REFRESH_MS);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      for (const ctl of loops.values()) ctl.abort();
      loops.clear();
    },
  };
}
