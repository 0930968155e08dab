import { spawn } from "node:child_process";
import { channelFakesPort, e2ePort, stripeApiPort } from "./fakes-config";

/**
 * One channel-fakes process (Graph, Bot API, UAZAPI: e2e/support/channel-fakes.ts) for the whole run,
 * not one per spec: the e2e server points at a single port for them (playwright.config.ts), so with
 * two workers two specs starting and killing their own would take it from each other. Each spec
 * uses a bot token of its own, so they do not see each other's messages. The Stripe fake too
 * (e2e/support/stripe-fake.ts): no e2e server may reach the real Stripe.
 */
export default async function globalSetup() {
  const stripe = spawn("node_modules/.bin/bun", ["e2e/support/stripe-fake.ts", String(stripeApiPort()), String(e2ePort())], { stdio: ["ignore", "ignore", "inherit"] });
  const base = `http://127.0.0.1:${channelFakesPort()}`;
  const child = spawn("node_modules/.bin/bun", ["e2e/support/channel-fakes.ts", String(channelFakesPort())], { stdio: ["ignore", "ignore", "inherit"] });
  const deadline = Date.now() + 15_000;
  // Healthy and ours: another run's fakes on the port would answer health too, and this child would die.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`channel fakes exited (${child.exitCode}): is port ${channelFakesPort()} taken?`);
    if (await fetch(`${base}/__control/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error(`channel fakes did not answer on ${base}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return async () => {
    for (const c of [child, stripe]) {
      if (c.exitCode !== null) continue;
      const exited = new Promise((r) => c.once("exit", r));
      c.kill();
      await exited;
    }
  };
}
