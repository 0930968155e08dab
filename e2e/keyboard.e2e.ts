import { expect, loggedInApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { tabTo } from "./support/keyboard";
import { runChannelFakes, telegramCustomers } from "./support/run-channel-fakes";

/**
 * Issue 13: the main path without a mouse. Logging in, creating an agent, training it with a text
 * and answering a customer from the inbox use only page.keyboard (Tab, Enter, typing). The customer's
 * Telegram message and the bot connection are arranged through the fakes and the API, as in
 * e2e/inbox.e2e.ts: they are not what is under test here.
 */
const FAKES = runChannelFakes();
// Its own bot, so this spec never collides with the ones of the channel and inbox specs.
const BOT = { token: "800300400:AAKeyboardE2eBotDoTecladoSomente0000", id: 800300400, username: "teclado_e2e_bot" };
const FACT = "A Floricultura Jardim entrega buquês em toda a cidade até as 18h, inclusive aos sábados.";

const { says: customerSays, sentTo } = telegramCustomers(FAKES, BOT.token);

test("[A11Y]: keyboard only: create an agent, train it with a text and answer a conversation from the inbox", async ({ page, user, baseURL }) => {
  test.setTimeout(120_000);
  const res = await fetch(`${FAKES}/__control/telegram/bots`, { method: "POST", body: JSON.stringify(BOT) });
  expect(res.ok).toBe(true);
  const kb = page.keyboard;

  // Log in: the email field, then Tab to the password and Enter submits.
  await page.goto("/login");
  await tabTo(page, page.getByLabel("Email"));
  await kb.type(user.email);
  await tabTo(page, page.getByLabel("Senha", { exact: true }));
  await kb.type(user.password);
  await kb.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);

  // Meus Agentes → "Criar primeiro agente" → the dialog takes focus; Esc would close it.
  const nav = page.getByRole("navigation", { name: "Navegação principal" });
  await tabTo(page, nav.getByRole("link", { name: "Meus Agentes" }));
  await kb.press("Enter");
  await expect(page.getByRole("heading", { name: "Crie seu primeiro agente" })).toBeVisible();
  const opener = page.getByRole("button", { name: "Criar primeiro agente" });
  await tabTo(page, opener);
  await kb.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Novo agente" });
  await expect(dialog.getByLabel("Nome do agente")).toBeFocused();
  // Esc closes and gives focus back to the button that opened it; then open it again.
  await kb.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await kb.press("Enter");
  await expect(dialog.getByLabel("Nome do agente")).toBeFocused();
  await kb.type("Flora");
  await tabTo(page, dialog.getByLabel("Atividade"));
  await kb.type("Floricultura");
  // Tab stays inside the dialog (focus trap) until it reaches the submit button.
  await tabTo(page, dialog.getByRole("button", { name: "Criar agente" }), { max: 15 });
  await kb.press("Enter");
  await expect(page.getByText("Agente criado!")).toBeVisible();
  await expect(page).toHaveURL(/\/agent\/[0-9a-f-]{36}$/);
  const agentId = page.url().split("/").pop() ?? "";

  // Treinamentos: type a text and add it; the live region says when it is ready.
  await tabTo(page, page.getByRole("navigation", { name: "Seções do agente" }).getByRole("button", { name: /^Treinamentos/ }));
  await kb.press("Enter");
  const form = page.getByRole("form", { name: "Adicionar texto" });
  await tabTo(page, form.getByLabel("Texto", { exact: true }));
  await kb.type(FACT);
  await tabTo(page, form.getByRole("button", { name: "Adicionar texto" }));
  await kb.press("Enter");
  await expect(page.getByText("Texto adicionado")).toBeVisible();
  const item = page.getByRole("list", { name: "Conteúdos treinados" }).getByRole("listitem").filter({ hasText: "A Floricultura Jardim" });
  await expect(item.getByTestId("source-status")).toHaveText("Pronto", { timeout: 20_000 });
  await expect(page.getByTestId("training-announcer")).toHaveText(/: Pronto$/);

  // A customer writes to the agent's Telegram bot (arranged, not typed by the person under test).
  const { write } = await loggedInApi(baseURL ?? "", user);
  await write("post", "/trpc/channels.connectTelegram", { json: { agentId, botToken: BOT.token } });
  const chatId = 556_000_000 + Math.floor(Math.random() * 1000);
  await customerSays(chatId, "Joana", "Vocês entregam buquês no sábado?");
  await expect.poll(() => sentTo(chatId), { timeout: 30_000 }).toHaveLength(1);

  // Conversas: Tab to the conversation, Enter opens it, type the answer, Enter sends it.
  await tabTo(page, nav.getByRole("link", { name: "Conversas" }), { back: true, max: 150 });
  await kb.press("Enter");
  await expect(page.getByRole("heading", { name: "Conversas", level: 1 })).toBeVisible();
  const row = page.getByRole("list", { name: "Conversas" }).getByRole("button", { name: /Joana/ });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await tabTo(page, row);
  await kb.press("Enter");
  const thread = page.getByRole("region", { name: "Conversa com Joana" });
  await expect(thread.getByText("Vocês entregam buquês no sábado?")).toBeVisible();
  const composer = thread.getByLabel("Responder como atendente");
  await tabTo(page, composer);
  await kb.type("Olá Joana! Entregamos sim, até as 18h.");
  await kb.press("Enter");
  await expect(composer).toHaveValue("");
  await expect.poll(() => sentTo(chatId), { timeout: 15_000 }).toHaveLength(2);
  expect((await sentTo(chatId))[1]).toBe("Olá Joana! Entregamos sim, até as 18h.");
  // Answering took the conversation over from the AI.
  await expect(thread.getByRole("button", { name: "Devolver para a IA" })).toBeVisible();
  await expectAccessible(page, "conversas, respondida pelo teclado");
});
