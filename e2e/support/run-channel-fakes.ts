import { type ChildProcess, spawn } from "node:child_process";
import { expect, test } from "../fixtures";
import { channelFakesPort } from "./fakes-config";

/**
 * Runs the channel fakes (Graph, Bot API, UAZAPI: e2e/support/channel-fakes.ts) for the spec file
 * that calls this. They use Bun.serve and Playwright runs under Node, so they are a Bun process of
 * their own, on the port the e2e server is pointed at (playwright.config.ts). Returns their base URL.
 */
export function runChannelFakes(): string {
  const base = `http://127.0.0.1:${channelFakesPort()}`;
  let fakes: ChildProcess | null = null;
  test.beforeAll(async () => {
    fakes = spawn("node_modules/.bin/bun", ["e2e/support/channel-fakes.ts", String(channelFakesPort())], { stdio: ["ignore", "ignore", "inherit"] });
    await expect
      .poll(() => fetch(`${base}/__control/health`).then((r) => r.ok, () => false), { timeout: 15_000 })
      .toBe(true);
  });
  test.afterAll(() => {
    fakes?.kill();
  });
  return base;
}
