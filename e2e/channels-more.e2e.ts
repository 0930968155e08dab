import type { Page } from "@playwright/test";
import { arrangeAgent, expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { E2E_TELEGRAM, E2E_UAZAPI_ADMIN } from "./support/fakes-config";
import { runChannelFakes } from "./support/run-channel-fakes";

/**
 * Telegram and WhatsApp (servidor próprio) through their cards, against the Bot API and UAZAPI fakes.
 * The fakes use Bun.serve and Playwright runs under Node, so they run as a Bun process of their own
 * on the port the e2e server is pointed at (playwright.config.ts).
 */
const FAKES = runChannelFakes();

async function openChannels(p: Page, agentId: string) {
  await p.goto(`/agent/${agentId}#canais`);
  await expect(p.getByRole("heading", { name: "Canais", exact: true })).toBeVisible();
}

test.describe("Canais: Telegram e WhatsApp (servidor próprio)", () => {
  test("[CHANNELS]: a Telegram bot is connected with its token, shows its name and mode, and Testar conexão succeeds", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Teo", activity: "Livraria" });
    await openChannels(page, agent.id);
    const card = page.getByRole("region", { name: "Telegram" });
    await expect(card.getByTestId("telegram-status")).toHaveText("Não conectado");
    await expect(page.getByRole("list", { name: "Outros canais" }).getByRole("listitem")).toHaveText([/Widget do site/]);

    await card.getByRole("button", { name: "Conectar" }).click();
    await expect(card.getByText("Token do bot é obrigatório")).toBeVisible();
    await card.getByLabel("Token do bot").fill("123:token-que-o-telegram-recusa");
    await card.getByRole("button", { name: "Conectar" }).click();
    await expect(card.getByRole("alert")).toHaveText("Token do bot inválido: o Telegram recusou este token");
    await expectAccessible(page, "canais, Telegram com token recusado");

    await card.getByLabel("Token do bot").fill(E2E_TELEGRAM.token);
    await card.getByRole("button", { name: "Conectar" }).click();
    await expect(card.getByTestId("telegram-status")).toHaveText("Conectado");
    await expect(card.getByTestId("telegram-status-configured")).toHaveText("Configurado");
    await expect(card.getByTestId("telegram-bot")).toHaveText(`@${E2E_TELEGRAM.username}`);
    // The e2e server has no public https URL: Telegram cannot call a webhook, so it long-polls.
    await expect(card.getByTestId("telegram-mode")).toHaveText("long polling (sem URL pública)");

    await card.getByRole("button", { name: "Testar conexão" }).click();
    await expect(card.getByTestId("test-result")).toHaveText(`Conexão funcionando: bot @${E2E_TELEGRAM.username}.`);
    await page.reload();
    await expect(card.getByTestId("test-result")).toHaveText(`Conexão funcionando: bot @${E2E_TELEGRAM.username}.`);
    await expect(card.getByText(/Último teste: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();

    await card.getByRole("button", { name: "Desconectar" }).click();
    await page.getByRole("dialog", { name: "Desconectar o Telegram?" }).getByRole("button", { name: "Desconectar" }).click();
    await expect(card.getByTestId("telegram-status")).toHaveText("Não conectado");
  });

  test("[CHANNELS]: an own UAZAPI server is connected, the QR code shows, and the card turns 'Conectado' with the number once the phone pairs", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Vera", activity: "Floricultura" });
    await openChannels(page, agent.id);
    const card = page.getByRole("region", { name: "WhatsApp (servidor próprio)" });
    await expect(card.getByTestId("uazapi-status")).toHaveText("Não conectado");
    const instanceName = `flores-${Date.now().toString(36)}`;

    await card.getByLabel("URL do servidor").fill(FAKES);
    await card.getByLabel("Admin token").fill(E2E_UAZAPI_ADMIN);
    await card.getByLabel("Nome da instância").fill(instanceName);
    await card.getByLabel("Telefone (opcional)").fill("12345");
    await card.getByRole("button", { name: "Conectar" }).click();
    await expect(card.getByText("Número de telefone inválido")).toBeVisible();
    await card.getByLabel("Telefone (opcional)").fill("");
    await card.getByRole("button", { name: "Conectar" }).click();

    await expect(card.getByTestId("uazapi-status")).toHaveText("Aguardando QR code");
    const qr = card.getByRole("img", { name: "QR code do WhatsApp" });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute("src", /^data:image\/png;base64,/);
    await expect(card.getByTestId("uazapi-phone")).toHaveText("—");

    // What reading the QR code on the phone does; the card polls the status every 3 s.
    const paired = await fetch(`${FAKES}/__control/pair`, { method: "POST", body: JSON.stringify({ instanceName, phone: "5511955556666" }) });
    expect(paired.ok).toBe(true);
    await expect(card.getByTestId("uazapi-status")).toHaveText("Conectado", { timeout: 10_000 });
    await expect(card.getByTestId("uazapi-phone")).toHaveText("+5511955556666");
    await expect(qr).toBeHidden();

    await card.getByRole("button", { name: "Testar conexão" }).click();
    await expect(card.getByTestId("test-result")).toHaveText("Conexão funcionando: WhatsApp conectado ao número +5511955556666.");

    await page.reload();
    await expect(card.getByTestId("uazapi-status")).toHaveText("Conectado");
    await card.getByRole("button", { name: "Desconectar" }).click();
    await page.getByRole("dialog", { name: "Desconectar o WhatsApp (servidor próprio)?" }).getByRole("button", { name: "Desconectar" }).click();
    await expect(card.getByTestId("uazapi-status")).toHaveText("Não conectado");
  });

  test("[CHANNELS]: 'Gerar novo QR' asks the server for a fresh code while the phone is not paired", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Rui", activity: "Oficina" });
    await openChannels(page, agent.id);
    const card = page.getByRole("region", { name: "WhatsApp (servidor próprio)" });
    await card.getByLabel("URL do servidor").fill(FAKES);
    await card.getByLabel("Admin token").fill("admin-errado");
    await card.getByLabel("Nome da instância").fill(`oficina-${Date.now().toString(36)}`);
    await card.getByRole("button", { name: "Conectar" }).click();
    await expect(card.getByRole("alert")).toHaveText("Admin token recusado pelo servidor UAZAPI");

    await card.getByLabel("Admin token").fill(E2E_UAZAPI_ADMIN);
    await card.getByRole("button", { name: "Conectar" }).click();
    await expect(card.getByRole("img", { name: "QR code do WhatsApp" })).toBeVisible();
    const pair = page.waitForResponse((r) => r.url().includes("channels.uazapiPair") && r.ok());
    await card.getByRole("button", { name: "Gerar novo QR" }).click();
    await pair;
    await expect(card.getByRole("img", { name: "QR code do WhatsApp" })).toBeVisible();
    await card.getByRole("button", { name: "Testar conexão" }).click();
    await expect(card.getByTestId("test-result")).toHaveText("O servidor respondeu, mas o WhatsApp ainda não foi pareado: leia o QR code.");
  });
});
