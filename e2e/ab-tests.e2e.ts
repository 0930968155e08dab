import { arrangeAgent, expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("[AB-TESTS]", () => {
  test("[AB-TESTS]: create a test with two variants, start it after a confirm and see its results page", async ({ page, baseURL, loggedIn }) => {
    await arrangeAgent(String(baseURL), loggedIn, { name: "Vendas Vera", activity: "Vendas" });
    await page.goto("/multi-agentes?aba=testes-ab");
    await expect(page.getByRole("heading", { name: "Testes A/B" })).toBeVisible();
    await expect(page.getByText("Nenhum teste A/B ainda")).toBeVisible();
    await expectAccessible(page, "testes A/B, vazio");

    await page.getByRole("button", { name: "Novo teste A/B" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo teste A/B" });
    await dialog.getByLabel("Nome", { exact: true }).fill("Cupom na saudação");
    await dialog.getByLabel("Instruções especiais").fill("Ofereça o cupom PRIMAVERA10 logo no início.");
    // The split must sum to 100: 60 + 50 is refused in the form.
    await dialog.getByRole("spinbutton", { name: "Tráfego" }).first().fill("60");
    await expect(dialog.getByText("a divisão deve somar 100%")).toBeVisible();
    await dialog.getByRole("button", { name: "Dividir igualmente" }).click();
    await expect(dialog.getByText("Total: 100%")).toBeVisible();
    await expectAccessible(page, "testes A/B, novo teste");
    await dialog.getByRole("button", { name: "Criar teste" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("link", { name: "Cupom na saudação" }).click();
    await expect(page.getByRole("heading", { name: "Cupom na saudação" })).toBeVisible();
    await expect(page.getByText("Rascunho")).toBeVisible();
    await page.getByRole("button", { name: "Iniciar" }).click();
    await page.getByRole("dialog", { name: "Iniciar o teste?" }).getByRole("button", { name: "Iniciar" }).click();
    await expect(page.getByText("Em andamento")).toBeVisible();
    const results = page.getByRole("region", { name: "Resultados" });
    await expect(results.getByRole("columnheader", { name: "Valor-p" })).toBeVisible();
    await expect(results.getByText("Amostra mínima: 100 por variante")).toBeVisible();
    await expect(results.getByText("Sem veredito até cada variante ter 100 contatos.")).toBeVisible();
    await expect(results.locator("canvas")).toBeVisible();
    await expectAccessible(page, "teste A/B, em andamento");

    // Without a winner, promoting asks twice as loudly.
    await page.getByRole("button", { name: "Promover vencedora" }).click();
    await expect(page.getByRole("dialog", { name: "Promover sem significância?" })).toBeVisible();
    await page.getByRole("button", { name: "Cancelar" }).click();
  });
});
