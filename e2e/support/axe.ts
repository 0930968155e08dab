/**
 * WCAG 2.2 A/AA check with axe-core, injected into the page under test (issue 13). Every spec calls
 * expectAccessible on the screens it visits; a critical or serious violation fails the test with a
 * readable list (rule, impact, selectors, what to fix).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, Result } from "axe-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const BLOCKING = new Set(["critical", "serious"]);

type Options = {
  /** CSS selectors left out of the check (e.g. a third-party iframe the app does not render). */
  exclude?: string[];
};

/** Waits for finite animations (toasts, modals opening) so contrast is measured on the settled page. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    // A toast fades out 3 s after it shows: one that starts fading during the check would be
    // measured half transparent. Without its transition it is either fully shown or gone (opacity 0,
    // which axe skips). CSSOM writes pass the app's CSP; the toast's own contrast is still checked.
    for (const el of document.querySelectorAll<HTMLElement>('[role="status"] > [data-state]')) el.style.transition = "none";
    const finite = document.getAnimations().filter((a) => {
      const t = a.effect?.getComputedTiming();
      return t ? Number.isFinite(t.endTime) : false;
    });
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))]);
  });
}

function describe(v: Result): string {
  const nodes = v.nodes
    .map((n) => `    - ${n.target.join(" ")}\n      ${(n.failureSummary ?? "").replace(/\n\s*/g, " | ")}`)
    .join("\n");
  return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} nó(s))\n${nodes}`;
}

/** Runs axe on the current page; `state` names the screen in the failure (e.g. "agentes, vazio"). */
export async function expectAccessible(page: Page, state: string, options: Options = {}) {
  await page.waitForLoadState("domcontentloaded");
  await settle(page);
  // evaluate, not addScriptTag: the app's CSP refuses inline scripts, and the devtools channel is exempt.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    async ({ tags, exclude }) => {
      const ctx = exclude.length ? { exclude: exclude.map((s) => [s]) } : document;
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe;
      return axe.run(ctx, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    },
    { tags: TAGS, exclude: options.exclude ?? [] },
  );
  const blocking = (results as AxeResults).violations.filter((v) => BLOCKING.has(v.impact ?? ""));
  const report = blocking.map(describe).join("\n");
  expect(blocking.length, `axe: violações graves em ${state} (${page.url()}):\n${report}`).toBe(0);
}
