import { defineConfig } from "@playwright/test";
import { agendorApiPort, calendarApiPort, channelFakesPort, commerceApiPort, e2ePort, placesApiPort, shopApiPort, stripeApiPort, trainingSitePort } from "./e2e/support/fakes-config";

// E2E_PORT lets two checkouts (or two people) run the browser suite side by side.
const PORT = e2ePort();
// e2e/channels-more.e2e.ts and e2e/inbox.e2e.ts start the Telegram + UAZAPI fakes on this port (a Bun process of its own).
const FAKES = `127.0.0.1:${channelFakesPort(PORT)}`;
// e2e/google-calendar.e2e.ts starts a fake Google (OAuth + Calendar API) on this port.
const GOOGLE = `http://127.0.0.1:${calendarApiPort(PORT)}`;
// e2e/nuvemshop.e2e.ts starts the Nuvemshop fake on this port and the Notion fake on the next.
const COMMERCE = commerceApiPort(PORT);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`;
/**
 * E2E_WORKERS=2 (npm test) runs the specs two at a time: each test has a user and workspace of its
 * own, so they do not see each other. The specs that change platform-wide state (AI providers and
 * the platform prompt, admin settings) run after all the others, one at a time, as the teardown of
 * the "isolated" project (a teardown runs even when an isolated test failed). A new spec that changes
 * admin settings or reads platform-wide figures goes in GLOBAL. Unset, one worker runs every spec in
 * order, as a single spec run by hand needs.
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1) || 1);
const GLOBAL = ["admin-ai", "dynamic-api", "google-calendar", "n8n", "billing-admin", "billing-coupons", "billing-checkout", "leads-hunter", "admin-platform", "admin-mail", "admin-credits"].map((name) => `**/${name}.e2e.ts`);
const projects =
  WORKERS > 1
    ? [
        // No tests of its own: only there so "global" can be its teardown.
        { name: "gate", testMatch: /(?!)/, teardown: "global" },
        { name: "isolated", testIgnore: GLOBAL, dependencies: ["gate"] },
        { name: "global", testMatch: GLOBAL, workers: 1 },
      ]
    : undefined;

/** Browser tests against the real server in Debian's Chromium (stack-notes §7). Reports go to reports/. */
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  workers: WORKERS,
  fullyParallel: false,
  projects,
  // The channel fakes, once for the run (two specs at a time cannot each own their port).
  globalSetup: "./e2e/support/global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  // Per port, so two runs side by side (E2E_PORT) do not empty each other's traces.
  outputDir: `.tmp/e2e-artifacts-${PORT}`,
  reporter: [["list"], ["junit", { outputFile: "reports/e2e.xml" }]],
  use: {
    baseURL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    viewport: { width: 1366, height: 860 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // Fresh data dir per run. Done here, not in globalSetup: Playwright starts webServer first,
        // so a globalSetup would delete the directory under the running server.
        command: `rm -rf .tmp/e2e-data-${PORT} && exec node_modules/.bin/bun src/server.ts`,
        url: `http://127.0.0.1:${PORT}/api/v1/health`,
        reuseExistingServer: false,
        timeout: 60_000,
        stdout: "ignore",
        stderr: "pipe",
        env: {
          PORT: String(PORT),
          DATA_DIR: `.tmp/e2e-data-${PORT}`,
          ADMIN_EMAIL: "admin@atenda.test",
          ADMIN_PASSWORD: "admin123456",
          NODE_ENV: "test",
          // Every browser test registers from 127.0.0.1: lift the per-address registration limit.
          REGISTER_PER_IP_PER_HOUR: "100000",
          // e2e/training.e2e.ts serves a fake site on a loopback port of its own; safe-fetch refuses loopback
          // otherwise (and reads this list only when NODE_ENV=test).
          // The UAZAPI fake is typed in as a server URL, so it is fetched through safe-fetch too.
          // e2e/dynamic-api.e2e.ts: the shop API fake (its OpenAPI document and endpoints).
          // e2e/agendor.e2e.ts: the Agendor API fake, typed in as the base URL.
          ATENDA_SAFE_FETCH_ALLOW: `127.0.0.1:${trainingSitePort(PORT)},${FAKES},127.0.0.1:${shopApiPort(PORT)},127.0.0.1:${agendorApiPort(PORT)},127.0.0.1:${calendarApiPort(PORT)},127.0.0.1:${COMMERCE},127.0.0.1:${COMMERCE + 1},127.0.0.1:${placesApiPort(PORT)}`,
          NUVEMSHOP_API_BASE: `http://127.0.0.1:${COMMERCE}/v1`,
          // The Stripe fake of e2e/support/global-setup.ts: no browser test reaches the real Stripe.
          STRIPE_API_BASE: `http://127.0.0.1:${stripeApiPort(PORT)}`,
          // e2e/leads-hunter.e2e.ts: the Google Places fake (e2e/support/places-fake.ts).
          GOOGLE_PLACES_API_BASE: `http://127.0.0.1:${placesApiPort(PORT)}`,
          NOTION_API_BASE: `http://127.0.0.1:${COMMERCE + 1}/v1`,
          GOOGLE_OAUTH_AUTHORIZE_URL: `${GOOGLE}/o/oauth2/v2/auth`,
          GOOGLE_OAUTH_TOKEN_URL: `${GOOGLE}/token`,
          GOOGLE_OAUTH_REVOKE_URL: `${GOOGLE}/revoke`,
          GOOGLE_CALENDAR_API_BASE: `${GOOGLE}/calendar/v3`,
          TELEGRAM_API_BASE: `http://${FAKES}`,
          // Connecting WhatsApp Cloud reads the number on the Graph (e2e/support/channel-fakes.ts).
          WHATSAPP_GRAPH_BASE: `http://${FAKES}`,
          // e2e/campaigns.e2e.ts: campaigns run on a simulated clock (a Monday 10:00 in São Paulo, 60× faster), so the
          // pacer's 25–50 s intervals pass in under a second and the progress bar moves while the test watches.
          CAMPAIGN_CLOCK: "2026-11-23T10:00:00-03:00@60",
        },
      },
});
