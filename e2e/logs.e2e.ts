import { readFile } from "node:fs/promises";
import { arrangeAgent, expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("Logs", () => {
  test("[LOGS]: filter the activity, open an agent edit with its old and new values, export the CSV", async ({ page, baseURL, signedIn: user }) => {
    const agent = await arrangeAgent(String(baseURL), user, { name: "Ana Atendente", activity: "Atendimento ao cliente" });
    await agent.update({ name: "Ana Vendas" });
    await agent.setActive(false);

    await page.goto("/logs");
    await expect(page.getByRole("heading", { level: 1, name: "Logs de atividade" })).toBeVisible();
    const table = page.getByRole("table", { name: "Atividades" });
    await expect(table.getByText("Agente editado", { exact: true })).toBeVisible();
    await expect(table.getByText("Agente desativado", { exact: true })).toBeVisible();
    await expectAccessible(page, "logs, minhas atividades");

    // The owner also sees the whole workspace, with a person column.
    await page.getByRole("tab", { name: "Todo o workspace" }).click();
    await expect(table.getByRole("columnheader", { name: "Pessoa" })).toBeVisible();

    // Category and search narrow the list; the agent picker lists the workspace's agents.
    await page.getByLabel("Categoria").selectOption({ label: "Agentes" });
    await page.getByLabel("Agente", { exact: true }).selectOption({ label: "Ana Vendas" });
    const searched = page.waitForResponse((r) => r.url().includes("logs.list") && r.url().includes("editado"));
    await page.getByLabel("Buscar").fill("editado");
    await searched;
    await expect(table.getByText("Agente desativado", { exact: true })).toBeHidden();
    await expect(table.getByText("Agente editado", { exact: true })).toBeVisible();
    await expectAccessible(page, "logs filtrados");

    // A custom range is checked before any request.
    await page.getByLabel("Período").selectOption({ label: "Personalizado" });
    await expect(page.getByRole("alert").filter({ hasText: "Informe as datas inicial e final" })).toBeVisible();
    await page.getByLabel("Período").selectOption({ label: "Últimos 7 dias" });

    await page.getByRole("button", { name: /^Ver alterações\s?: Agente editado$/ }).click();
    const dialog = page.getByRole("dialog", { name: "Detalhes da atividade" });
    const change = dialog.getByRole("row").filter({ hasText: "Nome" });
    await expect(change.getByRole("cell").nth(0)).toHaveText("Ana Atendente");
    await expect(change.getByRole("cell").nth(1)).toHaveText("Ana Vendas");
    await expect(dialog.getByText("Agente editado: Ana Vendas")).toBeVisible();
    await expectAccessible(page, "detalhe de uma atividade");
    await dialog.getByRole("button", { name: "Fechar" }).first().click();
    await expect(dialog).toBeHidden();

    // The export carries the filter: only the edit, in a file named by the day.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^atividades-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(String(await file.path()), "utf8");
    expect(csv).toContain("Agente editado");
    expect(csv).not.toContain("Agente desativado");
  });
});
