import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { arrangeAgent, expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { expectFocusRing, tabTo } from "./support/keyboard";

const HOURS = "O horário de funcionamento é de segunda a sábado, das 8h às 18h.";
const REFUSED = "Este agente não está liberado para este site";

/**
 * A customer's site on another loopback port (so another origin than the app). Its CSS tries hard
 * to restyle everything: the widget lives in a Shadow DOM and must not care.
 */
async function hostSite(): Promise<{ url: string; port: number; show: (html: string) => void; close: () => Promise<void> }> {
  let html = "";
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    show: (h) => {
      html = h;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const page = (appUrl: string, agentId: string) => `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Loja do cliente</title>
<style>* { font-size: 40px !important; color: red !important; } button { display: none !important; } div { border: 5px solid lime !important; }</style>
</head><body><h1>Bem-vindo à loja</h1><p>Conteúdo do site.</p>
<script src="${appUrl}/widget.js" data-agent-id="${agentId}" async></script>
</body></html>`;

const launcher = (p: Page, name: RegExp | string) => p.getByRole("button", { name });
const box = (p: Page) => p.getByRole("textbox", { name: "Mensagem" });

test.describe("[WIDGET]", () => {
  let allowed: Awaited<ReturnType<typeof hostSite>>;
  let other: Awaited<ReturnType<typeof hostSite>>;
  test.beforeAll(async () => {
    allowed = await hostSite();
    other = await hostSite();
  });
  test.afterAll(async () => {
    await allowed.close();
    await other.close();
  });

  test("[WIDGET]: on an allowed site the bubble opens the chat, the reply streams in, Esc closes, navigation keeps it", async ({ page: p, user, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Joana", activity: "Padaria" }, { companyDetails: HOURS, allowedDomains: [`127.0.0.1:${allowed.port}`] });
    allowed.show(page(baseURL ?? "", agent.id));
    await p.goto(allowed.url);

    const bubble = launcher(p, "Abrir chat com Joana");
    await expect(bubble).toBeVisible();
    await bubble.click();
    const dialog = p.getByRole("dialog", { name: "Chat com Joana" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Olá! Sou Joana" })).toBeVisible();
    await expect(dialog.getByText("Como posso ajudá-lo hoje?")).toBeVisible();
    await expect(dialog.getByText("Padaria")).toBeVisible();
    await expect(box(p)).toBeFocused();
    await expectAccessible(p, "widget aberto, vazio");
    // The host's `* { font-size: 40px !important }` stops at the shadow root.
    expect(await box(p).evaluate((el) => getComputedStyle(el).fontSize)).toBe("14px");

    const reply = p.waitForResponse((r) => r.url().includes("/chat-external") && r.request().method() === "POST");
    await box(p).fill("Qual o horário de funcionamento?");
    await box(p).press("Enter");
    const res = await reply;
    expect(res.request().headers().accept).toContain("text/event-stream");
    expect(res.headers()["content-type"]).toContain("text/event-stream");
    expect(res.headers()["access-control-allow-origin"]).toBe(allowed.url.replace(/\/$/, ""));
    const sent = res.request().postDataJSON() as { message: string; sessionId: string; chatHistory: unknown[] };
    expect(sent).toMatchObject({ message: "Qual o horário de funcionamento?", chatHistory: [] });
    expect(sent.sessionId).toMatch(/^widget-[0-9a-f]{32}$/);
    expect((await res.text()).match(/event: delta/g)?.length ?? 0).toBeGreaterThan(3);

    await expect(dialog.locator('[data-role="user"]')).toHaveText("Qual o horário de funcionamento?");
    await expect(dialog.locator('[data-role="assistant"]')).toHaveText(HOURS);
    await expect(box(p)).toHaveValue("");
    await expect(box(p)).toBeFocused();

    await p.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(bubble).toBeFocused();

    // A page navigation in the same tab keeps the conversation (sessionStorage) and the visitor id.
    await p.reload();
    await launcher(p, "Abrir chat com Joana").click();
    await expect(dialog.locator('[data-role="assistant"]')).toHaveText(HOURS);
    const second = p.waitForRequest((r) => r.url().includes("/chat-external") && r.method() === "POST");
    await box(p).fill("E aos domingos?");
    await dialog.getByRole("button", { name: "Enviar mensagem" }).click();
    const payload = (await second).postDataJSON() as { chatHistory: { role: string; content: string }[]; sessionId: string };
    expect(payload.sessionId).toBe(sent.sessionId);
    expect(payload.chatHistory).toEqual([
      { role: "user", content: "Qual o horário de funcionamento?" },
      { role: "assistant", content: HOURS },
    ]);
    await expect(dialog.locator('[data-role="assistant"]')).toHaveCount(2);
    await dialog.getByRole("button", { name: "Fechar chat" }).click();
    await expect(dialog).toBeHidden();
  });

  test("[A11Y]: keyboard only: the launcher opens the panel, Enter sends, the close button and Esc give focus back", async ({ page: p, user, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Bia", activity: "Barbearia" }, { companyDetails: HOURS, allowedDomains: [`127.0.0.1:${allowed.port}`] });
    allowed.show(page(baseURL ?? "", agent.id));
    await p.goto(allowed.url);
    const kb = p.keyboard;
    const bubble = launcher(p, "Abrir chat com Bia");
    await expect(bubble).toBeVisible();
    // The host page has no other control: the launcher is the first Tab stop, with a visible ring.
    await tabTo(p, bubble, { max: 3 });
    await expectFocusRing(bubble);
    await kb.press("Enter");
    const dialog = p.getByRole("dialog", { name: "Chat com Bia" });
    await expect(dialog).toBeVisible();
    await expect(launcher(p, "Minimizar chat")).toHaveAttribute("aria-expanded", "true");
    await expect(box(p)).toBeFocused();

    await kb.type("Qual o horário de funcionamento?");
    await kb.press("Enter");
    await expect(dialog.locator('[data-role="assistant"]')).toHaveText(HOURS);
    await expect(box(p)).toBeFocused();
    await expectAccessible(p, "widget aberto, com mensagens");
    const send = dialog.getByRole("button", { name: "Enviar mensagem" });
    await kb.press("Tab");
    await expect(send).toBeFocused();
    await expectFocusRing(send);

    // Back to the close button: Enter closes and focus returns to the launcher.
    const closeButton = dialog.getByRole("button", { name: "Fechar chat" });
    await tabTo(p, closeButton, { back: true, max: 4 });
    await expectFocusRing(closeButton);
    await kb.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(bubble).toBeFocused();

    // Space opens it again (a real button); Esc from the message box closes it, focus on the launcher.
    await kb.press("Space");
    await expect(box(p)).toBeFocused();
    await kb.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(bubble).toBeFocused();
    await expect(bubble).toHaveAttribute("aria-expanded", "false");
  });

  test("[WIDGET]: a site off the agent's list sees the refusal in the panel and cannot send", async ({ page: p, user, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Rita", activity: "Ótica" }, { companyDetails: HOURS, allowedDomains: [`127.0.0.1:${allowed.port}`] });
    other.show(page(baseURL ?? "", agent.id));
    await p.goto(other.url);
    await launcher(p, "Abrir chat").click();
    const dialog = p.getByRole("dialog");
    await expect(dialog.getByRole("alert")).toHaveText(REFUSED);
    await expect(box(p)).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Enviar mensagem" })).toBeDisabled();
    await expect(dialog.getByText("Olá! Sou Rita")).toHaveCount(0);
    await expectAccessible(p, "widget, site recusado");
  });

  test("[WIDGET]: model text stays text: markup is inert, **bold** and https links are rendered", async ({ page: p, user, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Téo", activity: "Loja" });
    allowed.show(page(baseURL ?? "", agent.id));
    const evil = 'Olá <img src=x onerror="window.__pwned=1"> **grátis** veja [o site](https://exemplo.com.br/a) ou [isto](javascript:alert(1))\nsegunda linha';
    // A hostile reply, as if the model had written it: the widget must not turn it into markup.
    await p.route("**/chat-external", (route) =>
      route.fulfill({
        status: 200,
        headers: { "content-type": "text/event-stream", "access-control-allow-origin": allowed.url.replace(/\/$/, "") },
        body: `event: delta\ndata: ${JSON.stringify({ text: "Olá" })}\n\nevent: done\ndata: ${JSON.stringify({ response: evil })}\n\n`,
      }),
    );
    await p.goto(allowed.url);
    await launcher(p, "Abrir chat com Téo").click();
    await box(p).fill("Oi");
    await box(p).press("Enter");
    const answer = p.locator('[data-role="assistant"]');
    await expect(answer).toContainText("segunda linha");
    await expect(answer.locator("img")).toHaveCount(0);
    await expect(answer).toContainText('<img src=x onerror="window.__pwned=1">');
    await expect(answer.locator("strong")).toHaveText("grátis");
    await expect(answer.getByRole("link", { name: "o site" })).toHaveAttribute("href", "https://exemplo.com.br/a");
    await expect(answer.getByRole("link")).toHaveCount(1);
    expect(await p.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test("[WIDGET]: under 480 px the panel takes the whole screen", async ({ page: p, user, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Lia", activity: "Livraria" });
    allowed.show(page(baseURL ?? "", agent.id));
    await p.setViewportSize({ width: 375, height: 700 });
    await p.goto(allowed.url);
    await launcher(p, "Abrir chat com Lia").click();
    await expect(p.getByRole("dialog", { name: "Chat com Lia" })).toBeVisible();
    expect(await p.getByRole("dialog", { name: "Chat com Lia" }).boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 700 });
    await expectAccessible(p, "widget aberto, tela de celular");
    // The panel covers the launcher there: Esc still closes it and hands focus to the launcher.
    await p.keyboard.press("Escape");
    await expect(launcher(p, "Abrir chat com Lia")).toBeFocused();
  });

  test("[WIDGET]: the editor's Publicação section shows the snippet with the agent id and copies it", async ({ page: p, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Caio", activity: "Pet shop" }, { allowedDomains: ["petshop.com.br"] });
    await p.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await p.goto(`/agent/${agent.id}`);
    await p.getByRole("navigation", { name: "Seções do agente" }).getByRole("button", { name: /^Publicação/ }).click();
    const snippet = p.getByTestId("widget-snippet");
    await expect(snippet).toHaveText(new RegExp(`^<script src="https?://[^"]+/widget\\.js" data-agent-id="${agent.id}" async></script>$`));
    await expect(p.getByText("O widget só funciona nos domínios permitidos (petshop.com.br)")).toBeVisible();
    await expectAccessible(p, "editor do agente, Publicação");
    await p.getByRole("button", { name: "Copiar código do widget" }).click();
    await expect(p.getByText("Código copiado!")).toBeVisible();
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.textContent());
  });
});
