import { expect, type Locator, type Page } from "@playwright/test";

/** True when `target` has focus, inside a shadow root too (the widget lives in one). */
export const hasFocus = (target: Locator) => target.evaluate((el) => (el.getRootNode() as Document | ShadowRoot).activeElement === el).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. Keyboard only. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

/** The focused control shows a ring (WCAG 2.4.7): an outline, or a box-shadow ring as Tailwind draws it. */
export async function expectFocusRing(target: Locator) {
  const ring = await target.evaluate((el) => {
    const s = getComputedStyle(el);
    return { outline: s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) > 0, shadow: s.boxShadow !== "none" };
  });
  expect(ring.outline || ring.shadow, "o controle focado não mostra anel de foco").toBe(true);
}
