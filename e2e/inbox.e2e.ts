import { arrangeAgent, expect, loggedInApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { runChannelFakes, telegramCustomers } from "./support/run-channel-fakes";

/**
 * The inbox against a Telegram bot: the e2e server has no public https URL, so its worker
 * long-polls getUpdates on the Bot API fake (a Bun process of its own, e2e/support/channel-fakes.ts),
 * where the spec queues what the customer writes and reads what the bot sent.
 */
const FAKES = runChannelFakes();
// Its own bot, so this spec never collides with the one e2e/channels-more.e2e.ts connects.
const BOT = { token: "800200300:AAInboxE2eBotDaCaixaDeEntrada000000", id: 800200300, username: "caixa_e2e_bot" };

test.beforeAll(async () => {
  const res = await fetch(`${FAKES}/__control/telegram/bots`, { method: "POST", body: JSON.stringify(BOT) });
  expect(res.ok).toBe(true);
});

const { says: customerSays, sentTo } = telegramCustomers(FAKES, BOT.token);

test.describe("Conversas", () => {
  test("[INBOX]: a Telegram message appears live, the person answers from the composer, and the AI stays silent afterwards", async ({ page, signedIn, baseURL }) => {
    test.setTimeout(90_000);
    const base = baseURL ?? "";
    const agent = await arrangeAgent(base, signedIn, { name: "Flora", activity: "Floricultura" });
    const { api, write } = await loggedInApi(base, signedIn);
    // Answer without the human-like delay, so the AI's silence later is not mistaken for pacing.
    const current = (await (await api.get(`/api/v1/agents/${agent.id}`)).json()) as { data: { conversationSettings: Record<string, unknown> } };
    await write("patch", `/api/v1/agents/${agent.id}`, { conversationSettings: { ...current.data.conversationSettings, responseTime: 0 } });
    await write("post", "/trpc/channels.connectTelegram", { json: { agentId: agent.id, botToken: BOT.token } });

    await page.goto("/conversations");
    await expect(page.getByRole("heading", { name: "Conversas", level: 1 })).toBeVisible();
    await expect(page.getByText("Nenhuma conversa ainda")).toBeVisible();
    await expect(page.getByText("ao vivo")).toBeVisible();
    await expectAccessible(page, "conversas, vazio");

    const chatId = 555_000_000 + Math.floor(Math.random() * 1000);
    await customerSays(chatId, "Joana", "Oi! Vocês entregam flores hoje?");
    // No reload: the live stream brings it in (the poller picks the new bot up within 5 s).
    const row = page.getByRole("list", { name: "Conversas" }).getByRole("button", { name: /Joana/ });
    await expect(row).toBeVisible({ timeout: 25_000 });
    await expect(row).toContainText("Oi! Vocês entregam flores hoje?");
    await expect(page.getByRole("navigation", { name: "Navegação principal" }).getByRole("img", { name: "1 conversa não lida" })).toBeVisible();

    // The AI answers first (offline mode: from its own knowledge).
    await expect.poll(() => sentTo(chatId), { timeout: 20_000 }).toHaveLength(1);
    await row.click();
    const thread = page.getByRole("region", { name: "Conversa com Joana" });
    await expect(thread.getByText("Oi! Vocês entregam flores hoje?")).toBeVisible();
    await expect(thread.getByRole("article", { name: "Mensagem de Agente IA" })).toHaveCount(1);
    // Opening it marks it read.
    await expect(page.getByRole("img", { name: "1 conversa não lida" })).toHaveCount(0);
    await expect(thread.getByRole("note").filter({ hasText: "a IA pausa por 30 minutos" })).toBeVisible();
    // The thread is a log (a polite live region): what the customer writes next is read aloud.
    await expect(thread.getByRole("log", { name: "Mensagens" })).toBeVisible();
    await expectAccessible(page, "conversas, conversa aberta");

    const composer = thread.getByLabel("Responder como atendente");
    await composer.fill("Olá Joana! Aqui é a Carla.");
    await composer.press("Shift+Enter");
    await composer.pressSequentially("Entregamos sim, até as 18h.");
    await composer.press("Enter");
    await expect(composer).toHaveValue("");
    await expect.poll(() => sentTo(chatId), { timeout: 15_000 }).toHaveLength(2);
    expect((await sentTo(chatId))[1]).toBe("Olá Joana! Aqui é a Carla.\nEntregamos sim, até as 18h.");
    const mine = thread.getByRole("article", { name: "Mensagem de Atendente" });
    await expect(mine).toContainText("Atendente · Carla Souza");
    await expect(mine.getByRole("img", { name: "Enviado" })).toBeVisible();
    await expect(thread.getByRole("button", { name: "Devolver para a IA" })).toBeVisible();
    await expect(thread.getByRole("combobox", { name: "Atribuir" })).toHaveValue(/.+/);
    await expectAccessible(page, "conversas, atendente assumiu");

    // The customer writes again: it shows up live, and the AI does not answer while the person handles it.
    await customerSays(chatId, "Joana", "Perfeito, e aos domingos?");
    await expect(thread.getByText("Perfeito, e aos domingos?")).toBeVisible({ timeout: 20_000 });
    // The burst window (3 s) plus a margin: an AI answer would be sent by now.
    await page.waitForTimeout(6000);
    expect(await sentTo(chatId)).toHaveLength(2);
    await expect(thread.getByRole("article", { name: "Mensagem de Agente IA" })).toHaveCount(1);
  });
});
