/**
 * The shop API fake for e2e/dynamic-api.e2e.ts as its own Bun process (Playwright runs under Node;
 * the fake uses Bun.serve). Business calls need X-API-Key: <key>. /__control/requests lists them.
 * Run: node_modules/.bin/bun e2e/support/shop-api.ts <port> <key>
 */
import { startShopApi } from "../../test/fakes/shop-api";

const port = Number(process.argv[2]);
const key = process.argv[3];
if (!Number.isInteger(port) || port <= 0 || !key) throw new Error("uso: shop-api.ts <porta> <chave>");
const shop = await startShopApi({ port });
shop.settings.auth = { header: "x-api-key", value: key };
