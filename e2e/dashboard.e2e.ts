import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("[DASHBOARD]", () => {
  test("[DASHBOARD]: greets the user, shows the three cards and the credit chart", async ({ page, loggedIn }) => {
    await expect(page.getByText("Bem Vindo")).toBeVisible();
    await expect(page.getByRole("heading", { name: `Olá, ${loggedIn.firstName}!` })).toBeVisible();

    const agents = page.getByRole("region", { name: "Agentes ativos" });
    await expect(agents.getByText("nenhum agente ativo")).toBeVisible();
    const credits = page.getByRole("region", { name: "Créditos" });
    await expect(credits.getByTestId("credits-remaining")).toHaveText(/^\d{1,3}(\.\d{3})*(,\d+)?$/);
    await expect(credits.getByText("Gratuito")).toBeVisible();
    await expect(credits.getByText(/créditos bônus/)).toBeVisible();
    const served = page.getByRole("region", { name: "Usuários atendidos" });
    await expect(served.getByText("nenhum usuário atendido ainda")).toBeVisible();

    const chart = page.getByRole("region", { name: "Uso de Créditos" });
    await expect(chart.getByRole("heading", { name: "Uso de Créditos" })).toBeVisible();
    await expect(chart.locator("canvas")).toBeVisible();
    await expect(chart.getByText("0 créditos usados nos últimos 30 dias")).toBeVisible();

    // The test server has no AI provider key, so the header says so.
    await expect(page.getByRole("banner").getByText("modo offline")).toBeVisible();
    await expectAccessible(page, "dashboard, vazio");
  });

  test("[DASHBOARD]: switching the period to 7 and 15 days changes the summary text", async ({ page, loggedIn }) => {
    void loggedIn;
    const chart = page.getByRole("region", { name: "Uso de Créditos" });
    await expect(chart.getByRole("button", { name: "30 dias" })).toHaveAttribute("aria-pressed", "true");
    await chart.getByRole("button", { name: "7 dias" }).click();
    await expect(chart.getByText("créditos usados nos últimos 7 dias")).toBeVisible();
    await expect(chart.getByRole("button", { name: "7 dias" })).toHaveAttribute("aria-pressed", "true");
    await chart.getByRole("button", { name: "15 dias" }).click();
    await expect(chart.getByText("créditos usados nos últimos 15 dias")).toBeVisible();
    await expect(chart.locator("canvas")).toBeVisible();
    await expectAccessible(page, "dashboard, período de 15 dias");
  });

  test("[DASHBOARD]: the sidebar plan box shows the plan and credits and opens /faturamento", async ({ page, loggedIn }) => {
    void loggedIn;
    const box = page.getByRole("link", { name: "Plano e créditos" });
    await expect(box.getByText("Gratuito")).toBeVisible();
    await expect(box.getByText(/\/ [\d,]+k$/)).toBeVisible();
    await box.click();
    await expect(page).toHaveURL(/\/faturamento$/);
    await expect(page.getByRole("heading", { name: "Faturamento", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Plano Gratuito", level: 2 })).toBeVisible();
    await expectAccessible(page, "faturamento");
  });
});
