import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("[BILLING-USAGE]", () => {
  test("[BILLING-USAGE]: the owner sees the statement and chart on /faturamento, filters, and sets a spend cap", async ({ page, loggedIn }) => {
    void loggedIn;
    await page.goto("/faturamento");
    await expect(page.getByRole("heading", { name: "Faturamento", level: 1 })).toBeVisible();

    const chart = page.getByRole("region", { name: "Créditos por dia" });
    await expect(chart.locator("canvas")).toBeVisible();
    await chart.getByRole("button", { name: "30 dias" }).click();
    await expect(chart.getByRole("button", { name: "30 dias" })).toHaveAttribute("aria-pressed", "true");

    const statement = page.getByRole("region", { name: "Extrato de créditos" });
    await expect(statement.getByTestId("statement-totals")).toContainText("Consumo no período");
    await expect(statement.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute("href", /\/api\/v1\/billing\/statement\.csv\?from=/);
    await statement.getByLabel("Tipo").selectOption("transcription");
    await expect(statement.getByText("Nenhum lançamento neste período.")).toBeVisible();
    await expect(statement.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute("href", /action=transcription/);
    await expectAccessible(page, "faturamento, extrato filtrado");

    const caps = page.getByRole("region", { name: "Limites de gasto mensais" });
    await expect(caps.getByText("Nenhum limite definido.")).toBeVisible();
    await caps.getByLabel("Créditos por mês").fill("500");
    await caps.getByRole("button", { name: "Salvar limite" }).click();
    await expect(caps.getByRole("list", { name: "Limites definidos" })).toContainText("Workspace inteiro");
    await expect(caps.getByRole("list", { name: "Limites definidos" })).toContainText("500 créditos/mês");
    await expectAccessible(page, "faturamento, limite definido");

    await caps.getByRole("button", { name: "Remover" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remover" }).click();
    await expect(caps.getByText("Nenhum limite definido.")).toBeVisible();
  });
});
