import { arrangeAgent, expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("[INSIGHTS]", () => {
  test("[INSIGHTS]: the sentiment tab shows the chart, the default rules, and a rule is created and deleted after a confirm", async ({ page, baseURL, loggedIn }) => {
    await arrangeAgent(String(baseURL), loggedIn, { name: "Suporte Sara", activity: "Suporte" });
    await page.goto("/multi-agentes?aba=sentimento");
    await expect(page.getByRole("heading", { name: "Sentimento por dia" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Gráfico de sentimento das mensagens por dia" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "3 mensagens negativas seguidas", exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Pediu um gerente", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "30 dias" }).click();
    await expect(page.getByRole("button", { name: "30 dias" })).toHaveAttribute("aria-pressed", "true");
    await expectAccessible(page, "sentimento e alertas");

    await page.getByRole("button", { name: "Nova regra" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova regra de alerta" });
    await dialog.getByLabel("Nome").fill("Cliente irritado");
    await dialog.getByRole("spinbutton", { name: "Mensagens negativas seguidas" }).fill("1");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("Use de 2 a 20 mensagens seguidas")).toBeVisible();
    await dialog.getByRole("spinbutton", { name: "Mensagens negativas seguidas" }).fill("2");
    await expectAccessible(page, "sentimento e alertas, nova regra");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("cell", { name: "Cliente irritado", exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Excluir a regra Cliente irritado" }).click();
    const confirm = page.getByRole("dialog", { name: "Excluir regra de alerta" });
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByRole("cell", { name: "Cliente irritado", exact: true })).toBeHidden();
  });
});
