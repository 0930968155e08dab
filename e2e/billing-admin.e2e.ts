import { ADMIN, expect, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

/**
 * Admin commerce (issue 15): a plan created and repriced, the Stripe keys saved (never shown back),
 * the payments screen. The e2e server has no Stripe fake, so plans are saved before the keys (no
 * Stripe call is made) and 'Testar' is not pressed: no path here may reach the internet.
 */
test.describe("[BILLING ADMIN]", () => {
  test("[BILLING ADMIN]: creates a plan, edits its price, saves the Stripe keys and opens the payments", async ({ page }) => {
    const name = `Plano E2E ${Date.now().toString(36)}`;
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/planos");
    await expect(page.getByRole("heading", { level: 1, name: "Planos" })).toBeVisible();
    await expect(page.getByText("A Stripe ainda não está configurada")).toBeVisible();
    await expectAccessible(page, "admin planos");

    await page.getByRole("link", { name: "Criar plano" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Criar plano" })).toBeVisible();
    await page.getByRole("button", { name: "Salvar plano" }).click();
    await expect(page.getByText("O nome precisa de pelo menos 2 caracteres")).toBeVisible();
    await expectAccessible(page, "criar plano, com erro");
    await page.getByLabel("Nome").fill(name);
    await page.getByLabel("Preço (R$)").fill("149,90");
    await page.getByLabel("Créditos incluídos por período").fill("8000");
    await page.getByLabel("Recursos").fill("8 agentes");
    await page.getByLabel("Recursos").press("Enter");
    await page.getByLabel("Máximo de agentes").fill("8");
    await page.getByRole("button", { name: "Salvar plano" }).click();
    await expect(page.getByText("Plano salvo")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("R$ 149,90");
    await expect(row).toContainText("Pendente");

    await row.getByRole("link", { name: `Editar ${name}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Editar plano" })).toBeVisible();
    await expect(page.getByLabel("Preço (R$)")).toHaveValue("149,90");
    await page.getByLabel("Preço (R$)").fill("199,90");
    await expectAccessible(page, "editar plano");
    await page.getByRole("button", { name: "Salvar plano" }).click();
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("R$ 199,90");

    await page.getByRole("tab", { name: "Pacotes de créditos" }).click();
    await page.getByRole("button", { name: "Criar pacote" }).click();
    await page.getByLabel("Nome do pacote").fill("Pacote E2E");
    await page.getByLabel("Créditos").fill("2500");
    await page.getByLabel("Preço (R$)").fill("59,90");
    await expectAccessible(page, "criar pacote");
    await page.getByRole("button", { name: "Salvar pacote" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Pacote E2E" })).toContainText("R$ 59,90");

    await page.goto("/admin/stripe-config");
    await expect(page.getByRole("heading", { level: 1, name: "Configuração Stripe" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "URL do webhook" })).toHaveValue(/\/webhooks\/stripe$/);
    await expectAccessible(page, "stripe config, vazia");
    await page.getByLabel("Chave secreta").fill("chave-errada");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("A chave secreta começa com sk_test_")).toBeVisible();
    await page.getByLabel("Chave secreta").fill("sk_test_e2eSegredo123");
    await page.getByLabel("Chave publicável").fill("pk_test_e2ePublica123");
    await page.getByLabel("Segredo do webhook").fill("whsec_e2eSegredo123");
    await page.getByLabel("Pix").check();
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Configuração salva")).toBeVisible();
    await expect(page.getByText("Modo teste")).toBeVisible();
    await expect(page.getByText("configurada", { exact: true })).toHaveCount(2);
    await expect(page.getByLabel("Chave secreta")).toHaveValue("");
    await expect(page.locator("body")).not.toContainText("sk_test_e2eSegredo123");
    await expectAccessible(page, "stripe config, salva");

    await page.goto("/admin/pagamentos");
    await expect(page.getByRole("heading", { level: 1, name: "Pagamentos" })).toBeVisible();
    await page.getByLabel("Período").selectOption("all");
    await expect(page.getByText("Recebido")).toBeVisible();
    await expectAccessible(page, "admin pagamentos");
  });
});
