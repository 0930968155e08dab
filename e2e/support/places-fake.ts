/**
 * The Google Places (New) fake for e2e/leads-hunter.e2e.ts as its own Bun process (Playwright runs
 * under Node). Run: node_modules/.bin/bun e2e/support/places-fake.ts <port> <apiKey>
 */
import { type PlacesRequest, answerPlaces } from "../../test/fakes/google-places";

const port = Number(process.argv[2]);
const apiKey = process.argv[3];
if (!Number.isInteger(port) || port <= 0 || !apiKey) throw new Error("uso: places-fake.ts <porta> <chave>");
const requests: PlacesRequest[] = [];
const settings = { apiKey, total: 45, failNext: 0, phonesFrom: {} };
Bun.serve({
  port,
  hostname: "127.0.0.1",
  async fetch(req) {
    const url = new URL(req.url);
    if (url.pathname === "/__control/health") return Response.json({ ok: true });
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => {
      headers[k] = v;
    });
    const a = answerPlaces(settings, requests, url.pathname, req.method, headers, await req.text());
    return Response.json(a.body, { status: a.status, headers: a.headers ?? {} });
  },
});
