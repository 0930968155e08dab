import { arrangeAgent, expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { E2E_UAZAPI_ADMIN } from "./support/fakes-config";
import { runChannelFakes } from "./support/run-channel-fakes";

/**
 * /validation against the UAZAPI fake of the channel fakes: an own-server WhatsApp is connected
 * and paired, three typed numbers are checked, the run's progress bar fills and the verdicts show.
 */
const FAKES = runChannelFakes();

test.describe("Validação de WhatsApp", () => {
  test("[VALIDATION]: three typed numbers are checked through the own-server WhatsApp: progress finishes, valid and invalid show", async ({ page, signedIn, baseURL }) => {
    test.setTimeout(90_000);
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Vera", activity: "Floricultura" });

    // Without an own-server WhatsApp the page says how to get one.
    await page.goto("/validation");
    await expect(page.getByRole("heading", { name: "Validação de WhatsApp" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("A API oficial do WhatsApp (Cloud API) não oferece verificação de números");
    await expectAccessible(page, "validação, sem WhatsApp por servidor próprio");

    await page.goto(`/agent/${agent.id}#canais`);
    const card = page.getByRole("region", { name: "WhatsApp (servidor próprio)" });
    const instanceName = `valida-${Date.now().toString(36)}`;
    await card.getByLabel("URL do servidor").fill(FAKES);
    await card.getByLabel("Admin token").fill(E2E_UAZAPI_ADMIN);
    await card.getByLabel("Nome da instância").fill(instanceName);
    await card.getByRole("button", { name: "Conectar" }).click();
    await expect(card.getByTestId("uazapi-status")).toHaveText("Aguardando QR code");
    const paired = await fetch(`${FAKES}/__control/pair`, { method: "POST", body: JSON.stringify({ instanceName, phone: "5511955557777" }) });
    expect(paired.ok).toBe(true);
    await expect(card.getByTestId("uazapi-status")).toHaveText("Conectado", { timeout: 10_000 });

    const suffix = String(Date.now()).slice(-4);
    const withWhatsApp = [`55119888${suffix}1`.slice(0, 13), `55219888${suffix}2`.slice(0, 13)];
    const marked = await fetch(`${FAKES}/__control/uazapi/whatsapp-numbers`, { method: "POST", body: JSON.stringify({ numbers: withWhatsApp }) });
    expect(marked.ok).toBe(true);

    await page.goto("/validation");
    await expect(page.getByLabel("WhatsApp que faz a verificação")).toContainText(instanceName);
    const typed = [`+${withWhatsApp[0]}`, `+${withWhatsApp[1]}`, "(31) 90000-0000"].join("\n");
    await page.getByLabel("Números (um por linha)").fill(typed);
    await expect(page.getByText("3 números válidos.")).toBeVisible();
    await page.getByRole("button", { name: "Validar números" }).click();

    const runs = page.getByRole("table", { name: "Validações recentes" });
    const row = runs.getByRole("row").nth(1);
    await expect(row.getByRole("progressbar", { name: "Progresso: 100%" })).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText("3 de 3 (100%)");
    await expect(row).toContainText("Concluída");
    await expect(row.getByRole("cell").nth(3)).toHaveText("2");
    await expect(row.getByRole("cell").nth(4)).toHaveText("1");

    // The results opened with the run: filter to the ones without WhatsApp.
    const results = page.getByRole("region", { name: "Resultados da validação" });
    await expect(results.getByRole("row")).toHaveCount(4);
    await results.getByRole("button", { name: "Sem WhatsApp" }).click();
    await expect(results.getByRole("row")).toHaveCount(2);
    await expect(results.getByRole("row").nth(1)).toContainText("+55 (31) 90000-0000");
    await expect(results.getByRole("row").nth(1)).toContainText("Sem WhatsApp");
    await expectAccessible(page, "validação concluída, resultados filtrados");

    const download = page.waitForEvent("download");
    await row.getByRole("button", { name: "Baixar CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/^validacao-.+\.csv$/);
  });
});
