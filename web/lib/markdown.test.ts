import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";

/**
 * DOMPurify needs a real DOM and bun has none, so the sanitiser is bundled for the browser and run
 * in Debian's Chromium (the same engine the e2e specs use) through playwright-core.
 */
const ORIGIN = "http://atenda.test";
let browser: Browser;
let page: Page;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "atenda-md-"));
  const entry = join(dir, "entry.ts");
  writeFileSync(entry, `import { renderMarkdown } from ${JSON.stringify(resolve(import.meta.dir, "markdown.ts"))};\nObject.assign(globalThis, { renderMarkdown });\n`);
  const built = await Bun.build({ entrypoints: [entry], target: "browser", format: "esm", minify: false });
  if (!built.success) throw new Error(built.logs.map(String).join("\n"));
  const code = await built.outputs[0]?.text();
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  page = await browser.newPage();
  // A real origin, so same-origin and outside-host images can be told apart.
  await page.route(`${ORIGIN}/**`, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>t</title>" }));
  await page.goto(`${ORIGIN}/chat/x`);
  await page.addScriptTag({ content: code ?? "", type: "module" });
  await page.waitForFunction(() => "renderMarkdown" in globalThis);
}, 30_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Renders in the page and returns the HTML plus whether anything executed. */
async function render(md: string) {
  return page.evaluate(async (src) => {
    const g = globalThis as unknown as { renderMarkdown: (s: string) => string; __fired?: boolean };
    Reflect.set(g, "__fired", false);
    const el = document.createElement("div");
    el.innerHTML = g.renderMarkdown(src);
    document.body.append(el);
    await new Promise((r) => setTimeout(r, 50));
    const html = el.innerHTML;
    el.remove();
    return { html, fired: g.__fired === true };
  }, md);
}

describe("renderMarkdown (SPEC §5 allow-list)", () => {
  test("<img src=x onerror=...> loses onerror and runs nothing", async () => {
    const { html, fired } = await render("Oi <img src=x onerror=\"globalThis.__fired=true\"> fim");
    expect(html).toContain("<img");
    expect(html).not.toContain("onerror");
    expect(fired).toBe(false);
  });

  test("javascript: links lose their href; http, mailto and tel keep it and open in a new tab", async () => {
    const { html } = await render("[a](javascript:alert(1)) [b](https://exemplo.com) [c](mailto:x@y.com) [d](tel:+5511999)");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('href="https://exemplo.com"');
    expect(html).toContain('href="mailto:x@y.com"');
    expect(html).toContain('href="tel:+5511999"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  test("<script>, <style>, <iframe> and event attributes are removed", async () => {
    const { html, fired } = await render(
      "<script>globalThis.__fired=true</script><style>*{}</style><iframe src=x></iframe><p onclick=x>ok</p><svg onload=x></svg>",
    );
    expect(html).not.toMatch(/<script|<style|<iframe|onclick|onload|<svg/);
    expect(html).toContain("<p>ok</p>");
    expect(fired).toBe(false);
  });

  test("GFM tables are kept", async () => {
    const { html } = await render("| Plano | Preço |\n|---|---|\n| Básico | R$ 10 |");
    expect(html).toContain("<table>");
    expect(html).toContain("<thead>");
    expect(html).toContain("<th>Plano</th>");
    expect(html).toContain("<td>R$ 10</td>");
  });

  test("task lists become ☐/☑ text, strikethrough and autolinks render", async () => {
    const { html } = await render("- [ ] pendente\n- [x] feito\n\n~~antigo~~ veja https://atenda.dev");
    expect(html).not.toContain("<input");
    expect(html).toContain("☐ pendente");
    expect(html).toContain("☑ feito");
    expect(html).toContain('<em class="md-strike">antigo</em>');
    expect(html).toContain('href="https://atenda.dev"');
  });

  test("only allowed tags and our own classes survive", async () => {
    const { html } = await render('<div class="fixed inset-0"><span style="color:red" class="x">t</span></div><u>u</u>');
    expect(html).not.toMatch(/<div|<span|style=|class="fixed/);
    expect(html).toContain("<u>u</u>");
  });

  test("images from outside hosts become links; same-origin images stay", async () => {
    const outside = await render("![logo](https://tracker.example/p.png)");
    expect(outside.html).not.toContain("<img");
    expect(outside.html).toContain('href="https://tracker.example/p.png"');
    expect(outside.html).toContain("logo");
    const local = await render("![foto](/uploads/a.png)");
    expect(local.html).toContain('<img src="/uploads/a.png" alt="foto">');
  });
});
