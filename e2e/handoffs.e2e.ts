import { arrangeAgent, expect, loggedInApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { runChannelFakes, telegramCustomers } from "./support/run-channel-fakes";

/**
 * Handoffs to people (issue 18): a Telegram customer asks for a person; the inbox shows the badge
 * and the conversation's banner, the "Transferências" tab lists the pending handoff, and
 * 'Aceitar' opens the conversation with the banner gone and the handoff in its timeline.
 */
const FAKES = runChannelFakes();
// Its own bot, so this spec never collides with the other Telegram specs.
const BOT = { token: "800200311:AAHandoffE2eBotTransferencias000000", id: 800200311, username: "transferencias_e2e_bot" };

test.beforeAll(async () => {
  const res = await fetch(`${FAKES}/__control/telegram/bots`, { method: "POST", body: JSON.stringify(BOT) });
  expect(res.ok).toBe(true);
});

const { says: customerSays, sentTo } = telegramCustomers(FAKES, BOT.token);

test("[HANDOFF]: a customer asks for a person, the tab lists it, 'Aceitar' opens the conversation and the banner goes", async ({ page, signedIn, baseURL }) => {
  test.setTimeout(90_000);
  const base = baseURL ?? "";
  const agent = await arrangeAgent(base, signedIn, { name: "Bia", activity: "Loja de roupas" });
  const { api, write } = await loggedInApi(base, signedIn);
  const current = (await (await api.get(`/api/v1/agents/${agent.id}`)).json()) as { data: { conversationSettings: Record<string, unknown> } };
  await write("patch", `/api/v1/agents/${agent.id}`, { conversationSettings: { ...current.data.conversationSettings, responseTime: 0 } });
  await write("post", "/trpc/channels.connectTelegram", { json: { agentId: agent.id, botToken: BOT.token } });

  const chatId = 556_000_000 + Math.floor(Math.random() * 1000);
  await customerSays(chatId, "Rui", "Quero falar com um atendente, por favor");
  await expect.poll(() => sentTo(chatId), { timeout: 30_000 }).toHaveLength(1);

  await page.goto("/conversations");
  await expect(page.getByRole("link", { name: "1 cliente aguardando atendente" })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("list", { name: "Conversas" }).getByRole("button", { name: /Rui/ }).click();
  const thread = page.getByRole("region", { name: "Conversa com Rui" });
  await expect(thread.getByText("O cliente está aguardando um atendente (Pedido do cliente).")).toBeVisible();
  await expect(thread.getByRole("button", { name: "Aceitar atendimento" })).toBeVisible();
  await expectAccessible(page, "conversas, cliente aguardando atendente");

  await page.goto("/multi-agentes?aba=transferencias");
  const card = page.getByTestId("pending-handoff").filter({ hasText: "Rui" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Pedido do cliente");
  await expect(card).toContainText("Agente Bia → Um atendente");
  await expect(page.getByRole("heading", { name: "Configurações de transferência" })).toBeVisible();
  await expectAccessible(page, "transferências, uma aguardando");

  await card.getByRole("button", { name: "Aceitar" }).click();
  await expect(page).toHaveURL(/\/conversations\?c=/);
  const opened = page.getByRole("region", { name: "Conversa com Rui" });
  await expect(opened.getByRole("button", { name: "Aceitar atendimento" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /aguardando atendente/ })).toHaveCount(0);
  await opened.getByText("Transferências desta conversa (1)").click();
  const timeline = opened.getByRole("list", { name: "Linha do tempo de transferências" });
  await expect(timeline).toContainText("Agente Bia → Atendente");
  await expect(timeline).toContainText("Em atendimento");
  await expectAccessible(page, "conversas, transferência aceita");
});
