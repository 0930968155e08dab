import type { Page } from "@playwright/test";
import { arrangeAgent, expect, registerUser, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { E2E_WHATSAPP } from "./support/fakes-config";
import { runChannelFakes } from "./support/run-channel-fakes";

// Connecting reads the number on the Graph fake (a Bun process of its own, e2e/support/channel-fakes.ts).
runChannelFakes();

const whatsappCard = (p: Page) => p.getByRole("region", { name: "WhatsApp (API oficial)" });

async function openChannels(p: Page, agentId: string) {
  await p.goto(`/agent/${agentId}#canais`);
  await expect(p.getByRole("heading", { name: "Canais", exact: true })).toBeVisible();
}

async function fillWhatsApp(p: Page, phoneNumberId: string) {
  const card = whatsappCard(p);
  await card.getByLabel("Access token").fill(E2E_WHATSAPP.accessToken);
  await card.getByLabel("App secret").fill("segredo-do-app");
  await card.getByLabel("Phone number ID").fill(phoneNumberId);
  await card.getByLabel("Business account ID").fill("998877665544");
  await card.getByRole("button", { name: "Gerar" }).click();
  await expect(card.getByLabel("Webhook verify token")).toHaveValue(/^[0-9a-f]{32}$/);
}

test.describe("Canais", () => {
  test("[CHANNELS]: WhatsApp is connected with the form, survives a reload and is disconnected after confirming", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Rita", activity: "Padaria" });
    await openChannels(page, agent.id);
    const card = whatsappCard(page);
    await expect(card.getByTestId("whatsapp-status")).toHaveText("Não conectado");
    await expect(page.getByRole("list", { name: "Outros canais" }).getByRole("listitem").filter({ hasText: "Widget do site" })).toContainText("Disponível em breve");
    for (const name of ["WhatsApp (servidor próprio)", "Telegram", "Instagram"]) await expect(page.getByRole("region", { name, exact: true })).toBeVisible();

    // An empty field is refused with the shared contract's message, nothing is sent.
    await fillWhatsApp(page, "1234567890");
    await card.getByLabel("Business account ID").fill("");
    await card.getByRole("button", { name: "Conectar" }).click();
    await expect(card.getByText("Business account ID é obrigatório")).toBeVisible();
    await expect(card.getByTestId("whatsapp-status")).toHaveText("Não conectado");

    await card.getByLabel("Business account ID").fill("998877665544");
    await expect(card.getByText("Business account ID é obrigatório")).toBeHidden();
    const token = await card.getByLabel("Webhook verify token").inputValue();
    await card.getByRole("button", { name: "Conectar" }).click();
    await expect(card.getByTestId("whatsapp-status")).toHaveText("Conectado");
    await expect(card.getByLabel("URL do webhook", { exact: true })).toHaveValue(/\/webhooks\/whatsapp$/);
    await expect(card.getByLabel("Token de verificação", { exact: true })).toHaveValue(token);

    await page.reload();
    await expect(card.getByTestId("whatsapp-status")).toHaveText("Conectado");
    await expect(card.getByLabel("Phone number ID")).toHaveValue("1234567890");
    await expect(card.getByLabel("Access token")).toHaveValue("");
    await expect(card.getByText("Deixe em branco para manter o valor atual.").first()).toBeVisible();

    // Saving with the secrets left empty keeps the stored ones.
    await card.getByLabel("Business account ID").fill("111222333");
    await card.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Conexão do WhatsApp salva")).toBeVisible();
    await page.reload();
    await expect(card.getByLabel("Business account ID")).toHaveValue("111222333");
    await expect(card.getByTestId("whatsapp-status")).toHaveText("Conectado");
    await expectAccessible(page, "canais, WhatsApp conectado");

    await card.getByRole("button", { name: "Desconectar" }).click();
    const dialog = page.getByRole("dialog", { name: "Desconectar o WhatsApp?" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "confirmação Desconectar o WhatsApp");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(card.getByTestId("whatsapp-status")).toHaveText("Conectado");
    await card.getByRole("button", { name: "Desconectar" }).click();
    await dialog.getByRole("button", { name: "Desconectar" }).click();
    await expect(card.getByTestId("whatsapp-status")).toHaveText("Não conectado");
    await page.reload();
    await expect(card.getByTestId("whatsapp-status")).toHaveText("Não conectado");
  });

  test("[CHANNELS]: a number already connected to another agent is refused inline", async ({ page, browser, signedIn, baseURL }) => {
    // The free plan allows one agent, so the number is taken by someone else's agent (the number is unique everywhere).
    const other = await registerUser(baseURL ?? "");
    const theirs = await arrangeAgent(baseURL ?? "", other, { name: "Lia", activity: "Loja" });
    const ctx = await browser.newContext();
    const otherPage = await ctx.newPage();
    await signInViaApi(otherPage, other);
    await openChannels(otherPage, theirs.id);
    await fillWhatsApp(otherPage, "5550001111");
    await whatsappCard(otherPage).getByRole("button", { name: "Conectar" }).click();
    await expect(whatsappCard(otherPage).getByTestId("whatsapp-status")).toHaveText("Conectado");
    await ctx.close();

    const mine = await arrangeAgent(baseURL ?? "", signedIn, { name: "Beto", activity: "Loja" });
    await openChannels(page, mine.id);
    await fillWhatsApp(page, "5550001111");
    await whatsappCard(page).getByRole("button", { name: "Conectar" }).click();
    await expect(whatsappCard(page).getByRole("alert")).toHaveText("Este número do WhatsApp já está conectado a um agente");
    await expect(whatsappCard(page).getByTestId("whatsapp-status")).toHaveText("Não conectado");
  });
});
