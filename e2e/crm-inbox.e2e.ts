import { arrangeAgent, expect, loggedInApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { runChannelFakes, telegramCustomers } from "./support/run-channel-fakes";

/**
 * Issue 14, the inbox's contact card: a Telegram customer becomes a CRM contact on their first
 * message; the open conversation shows the card, a deal is created from it and its link leads
 * to the deal's page. The customer arrives through the channel fakes, as in e2e/inbox.e2e.ts.
 */
const FAKES = runChannelFakes();
// Its own bot, so this spec never collides with the other channel specs.
const BOT = { token: "800400500:AACrmInboxE2eBotDoCartaoContato000", id: 800400500, username: "cartao_crm_e2e_bot" };
// A bot is connected to one agent only: the zoom test's agent has its own.
const BOT_ZOOM = { token: "800400501:AACrmInboxE2eBotDoCartaoZoom00000", id: 800400501, username: "cartao_zoom_e2e_bot" };
const { says: customerSays, sentTo } = telegramCustomers(FAKES, BOT.token);
const zoomCustomer = telegramCustomers(FAKES, BOT_ZOOM.token);

test("[CRM-INBOX]: the conversation shows its contact card; a deal created from it links to the deal page", async ({ page, signedIn, baseURL }) => {
  test.setTimeout(90_000);
  const base = baseURL ?? "";
  expect((await fetch(`${FAKES}/__control/telegram/bots`, { method: "POST", body: JSON.stringify(BOT) })).ok).toBe(true);
  const agent = await arrangeAgent(base, signedIn, { name: "Lia", activity: "Loja de móveis" });
  const { write } = await loggedInApi(base, signedIn);
  await write("post", "/trpc/channels.connectTelegram", { json: { agentId: agent.id, botToken: BOT.token } });

  const chatId = 556_000_000 + Math.floor(Math.random() * 1000);
  await customerSays(chatId, "Renata", "Oi! Quanto custa a mesa de jantar?");
  await expect.poll(() => sentTo(chatId), { timeout: 30_000 }).toHaveLength(1);

  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto("/conversations");
  await page.getByRole("list", { name: "Conversas" }).getByRole("button", { name: /Renata/ }).click();
  const card = page.getByRole("complementary", { name: "Contato do cliente" });
  await expect(card.getByRole("heading", { name: "Contato" })).toBeVisible();
  await expect(card.getByText("Renata", { exact: true })).toBeVisible();
  await expect(card.getByText("Nenhum negócio aberto.")).toBeVisible();
  await expect(card.getByRole("link", { name: "Ver contato" })).toHaveAttribute("href", /^\/contatos\/[0-9a-f-]{36}$/);
  await expectAccessible(page, "conversa com o cartão do contato");

  await card.getByRole("button", { name: "Criar negócio" }).click();
  const dialog = page.getByRole("dialog", { name: "Criar negócio" });
  await expect(dialog.getByLabel("Título")).toHaveValue("Renata");
  await dialog.getByLabel("Título").fill("Mesa de jantar");
  await dialog.getByLabel("Valor (R$)").fill("abc");
  await dialog.getByRole("button", { name: "Criar negócio" }).click();
  await expect(dialog.getByText("Valor inválido (ex.: 1.500,00)")).toBeVisible();
  await dialog.getByLabel("Valor (R$)").fill("2.450,90");
  await expectAccessible(page, "criar negócio pela conversa");
  await dialog.getByRole("button", { name: "Criar negócio" }).click();
  await expect(dialog).toBeHidden();

  const deal = card.getByRole("link", { name: "Mesa de jantar" });
  await expect(deal).toBeVisible();
  await expect(card.getByText("Novo lead")).toBeVisible();
  await expect(card.getByText(/R\$\s2\.450,90/)).toBeVisible();
  await deal.click();
  await expect(page).toHaveURL(/\/funil\/negocios\/[0-9a-f-]{36}$/);
  await expectAccessible(page, "página do negócio aberta pelo cartão");
});

test("[CRM-INBOX]: at 200 % zoom the card folds under the header and still works", async ({ page, signedIn, baseURL }) => {
  test.setTimeout(90_000);
  const base = baseURL ?? "";
  expect((await fetch(`${FAKES}/__control/telegram/bots`, { method: "POST", body: JSON.stringify(BOT_ZOOM) })).ok).toBe(true);
  const agent = await arrangeAgent(base, signedIn, { name: "Lia", activity: "Loja de móveis" });
  const { write } = await loggedInApi(base, signedIn);
  await write("post", "/trpc/channels.connectTelegram", { json: { agentId: agent.id, botToken: BOT_ZOOM.token } });
  const chatId = 557_000_000 + Math.floor(Math.random() * 1000);
  await zoomCustomer.says(chatId, "Sérgio", "Vocês montam o guarda-roupa?");
  await expect.poll(() => zoomCustomer.sentTo(chatId), { timeout: 30_000 }).toHaveLength(1);

  await page.setViewportSize({ width: 640, height: 400 });
  await page.goto("/conversations");
  await page.getByRole("list", { name: "Conversas" }).getByRole("button", { name: /Sérgio/ }).click();
  await page.getByText("Contato e negócios").click();
  await expect(page.getByRole("heading", { name: "Contato", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Criar negócio" })).toBeVisible();
  await expectAccessible(page, "cartão do contato dobrado (zoom)");
});
