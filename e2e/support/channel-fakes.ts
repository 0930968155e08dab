/**
 * Channel fakes for the browser tests, as a separate Bun process (Playwright runs under Node and
 * the fakes use Bun.serve): the Telegram Bot API, a UAZAPI server and the WhatsApp Cloud Graph
 * (/v{version}/… and /media-bytes/…) behind one port. Also
 * /__control/pair (what scanning the QR code does), /__control/telegram/bots (another bot
 * token getMe accepts), /__control/telegram/updates (a customer writes to the bot),
 * /__control/telegram/calls (what the bot received) and /__control/health.
 * Run: node_modules/.bin/bun e2e/support/channel-fakes.ts <port>
 */
import { startFakeTelegram } from "../../test/fakes/telegram";
import { startFakeUazapi } from "../../test/fakes/uazapi";
import { startFakeGraph } from "../../test/fakes/whatsapp-graph";
import { E2E_META_APP, E2E_TELEGRAM, E2E_UAZAPI_ADMIN, E2E_WHATSAPP } from "./fakes-config";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("uso: channel-fakes.ts <porta>");

const telegram = await startFakeTelegram({ tokens: { [E2E_TELEGRAM.token]: { id: E2E_TELEGRAM.id, username: E2E_TELEGRAM.username } } });
const uazapi = await startFakeUazapi({ adminToken: E2E_UAZAPI_ADMIN });
const graph = await startFakeGraph();
for (const id of E2E_WHATSAPP.phoneNumberIds) graph.addPhoneNumber(id, { accessToken: E2E_WHATSAPP.accessToken });
graph.addApp(E2E_META_APP.id, { secret: E2E_META_APP.secret, name: E2E_META_APP.name });

/** Forwards a request unchanged (method, headers, body) to one of the fakes. */
async function forward(req: Request, target: string): Promise<Response> {
  const url = new URL(req.url);
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : await req.arrayBuffer();
  return fetch(`${target}${url.pathname}${url.search}`, { method: req.method, headers: req.headers, body });
}

Bun.serve({
  port,
  hostname: "127.0.0.1",
  async fetch(req) {
    const path = new URL(req.url).pathname;
    if (path === "/__control/health") return Response.json({ ok: true });
    // e2e/inbox.e2e.ts: a customer writes to the bot (queued for the server's getUpdates long poll),
    // and what the bot sent is read back.
    if (path === "/__control/telegram/updates" && req.method === "POST") {
      const { token, update } = (await req.json()) as { token: string; update: Record<string, unknown> };
      telegram.pushUpdate(token, update);
      return Response.json({ ok: true });
    }
    if (path === "/__control/telegram/calls") return Response.json(telegram.calls);
    if (path === "/__control/telegram/bots" && req.method === "POST") {
      const { token, id, username } = (await req.json()) as { token: string; id: number; username: string };
      telegram.addBot(token, id, username);
      return Response.json({ ok: true });
    }
    if (path === "/__control/pair" && req.method === "POST") {
      const { instanceName, phone } = (await req.json()) as { instanceName: string; phone: string };
      const instance = [...uazapi.instances.values()].find((i) => i.name === instanceName);
      if (!instance) return Response.json({ error: "no instance" }, { status: 404 });
      uazapi.pair(instance.token, phone);
      return Response.json({ ok: true });
    }
    // e2e/validation.e2e.ts: numbers (digits) the UAZAPI number check answers as having WhatsApp.
    if (path === "/__control/uazapi/whatsapp-numbers" && req.method === "POST") {
      const { numbers } = (await req.json()) as { numbers: string[] };
      for (const n of numbers) uazapi.whatsappNumbers.add(n);
      return Response.json({ ok: true });
    }
    if (/^\/v\d+\.\d+\//.test(path) || path.startsWith("/media-bytes/")) return forward(req, graph.url);
    return forward(req, path.startsWith("/bot") || path.startsWith("/file/bot") ? telegram.url : uazapi.url);
  },
});
console.log(`channel fakes on ${port}`);
