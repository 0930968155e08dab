import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("[AFFILIATES]", () => {
  test("[AFFILIATES]: a user opens /afiliados, copies the link and sets a Pix key", async ({ page, context, loggedIn }) => {
    void loggedIn;
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/afiliados");
    await expect(page.getByRole("heading", { level: 1, name: "Afiliados" })).toBeVisible();
    const link = page.getByTestId("affiliate-link");
    await expect(link).toHaveValue(/\/register\?ref=[A-Z0-9]{8}$/);
    await expect(page.getByRole("img", { name: /cliques e cadastros por dia/ })).toBeVisible();
    await expectAccessible(page, "afiliados, novo afiliado");

    await page.getByRole("button", { name: "Copiar link" }).click();
    await expect(page.getByText("Link copiado")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());

    // Below the minimum, with no Pix key, the payout button stays disabled and says why.
    await expect(page.getByRole("button", { name: "Solicitar saque" })).toBeDisabled();
    await expect(page.getByText("Cadastre sua chave Pix para solicitar o saque.")).toBeVisible();

    const pix = page.getByRole("textbox", { name: "Chave Pix" });
    await pix.fill("123");
    await page.getByRole("button", { name: "Salvar chave Pix" }).click();
    await expect(page.getByText(/Chave Pix inválida/)).toBeVisible();
    await pix.fill("+5511987654321");
    await page.getByRole("button", { name: "Salvar chave Pix" }).click();
    await expect(page.getByText("Chave Pix salva")).toBeVisible();
    await expect(page.getByText("O saque mínimo é de R$")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Chave Pix" })).toHaveValue("+5511987654321");
    await expectAccessible(page, "afiliados, com chave Pix");
  });
});
