import { ADMIN, expect, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("[COUPONS]", () => {
  test("[COUPONS]: the admin creates a coupon, finds it in the list, edits it and deactivates it", async ({ page }) => {
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/cupons");
    await expect(page.getByRole("heading", { level: 1, name: "Cupons" })).toBeVisible();
    await expectAccessible(page, "cupons, lista");

    await page.getByRole("link", { name: "Criar cupom" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Criar cupom" })).toBeVisible();
    // The shared schema refuses an empty form before anything is sent.
    await page.getByRole("button", { name: "Salvar cupom" }).click();
    await expect(page.getByText("O código tem de 3 a 40 caracteres: letras, números, - ou _")).toBeVisible();
    await expectAccessible(page, "criar cupom, com erro");

    await page.getByLabel("Código").fill(code.toLowerCase());
    await page.getByLabel("Nome", { exact: true }).fill("Cupom de boas-vindas");
    await page.getByLabel("Tipo de desconto").selectOption("fixed");
    await page.getByLabel("Desconto (R$)").fill("25,00");
    await page.getByLabel("Limite de usos").fill("5");
    await page.getByLabel("Profissional", { exact: false }).check();
    await page.getByRole("button", { name: "Salvar cupom" }).click();
    await expect(page.getByText("Cupom salvo")).toBeVisible();

    await page.getByRole("searchbox", { name: "Buscar por código ou nome" }).fill(code);
    const row = page.getByRole("row", { name: new RegExp(code) });
    await expect(row).toContainText("Cupom de boas-vindas");
    await expect(row).toContainText("R$ 25,00");
    await expect(row).toContainText("0/5");
    await expect(row).toContainText("Ativo");
    await expectAccessible(page, "cupons, com busca");

    await row.getByRole("link", { name: `Editar ${code}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Editar cupom" })).toBeVisible();
    await expect(page.getByText("Ninguém usou este cupom ainda.")).toBeVisible();
    await expectAccessible(page, "editar cupom");
    await page.getByLabel("Nome", { exact: true }).fill("Cupom de boas-vindas 2");
    await page.getByRole("button", { name: "Salvar cupom" }).click();
    await expect(page.getByText("Cupom salvo")).toBeVisible();

    await page.getByRole("searchbox", { name: "Buscar por código ou nome" }).fill(code);
    await expect(page.getByRole("row", { name: new RegExp(code) })).toContainText("Cupom de boas-vindas 2");
    await page.getByRole("row", { name: new RegExp(code) }).getByRole("button", { name: "Desativar" }).click();
    await expect(page.getByRole("dialog")).toContainText("Desativar cupom?");
    await expectAccessible(page, "cupons, confirmar desativação");
    await page.getByRole("dialog").getByRole("button", { name: "Desativar" }).click();
    await expect(page.getByText("Cupom desativado")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(code) })).toContainText("Inativo");
  });
});
