import { ADMIN, arrangeAgent, expect, registerUser, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("[ADMIN-WORKSPACES]", () => {
  test("[ADMIN-WORKSPACES]: the admin finds a workspace, assigns it a plan and sets its own agent limit", async ({ page, baseURL }) => {
    const owner = await registerUser(baseURL ?? "");
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/espacos");
    await expect(page.getByRole("heading", { level: 1, name: "Workspaces" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Buscar por workspace, nome ou e-mail do dono" }).fill(owner.email);
    const row = page.getByRole("row", { name: new RegExp(owner.email.replace(/[.+]/g, "\\$&")) });
    await expect(row).toContainText("Gratuito");
    await expect(row).toContainText("Workspace de Carla");
    await expectAccessible(page, "workspaces, com busca");

    await row.getByRole("link", { name: "Editar Workspace de Carla" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Workspace de Carla" })).toBeVisible();
    await expect(page.getByText(`Dono: Carla Souza (${owner.email})`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Conceder créditos" })).toHaveAttribute("href", /\/admin\/gestao-creditos\?workspace=/);
    await expectAccessible(page, "editar workspace");

    const essencial = await page.getByLabel("Novo plano").locator("option", { hasText: /^Essencial/ }).getAttribute("value");
    await page.getByLabel("Novo plano").selectOption(essencial ?? "");
    await page.getByRole("button", { name: "Atribuir plano" }).click();
    const planDialog = page.getByRole("dialog");
    await expect(planDialog).toContainText("Atribuir plano?");
    await expectAccessible(page, "editar workspace, confirmar plano");
    await planDialog.getByRole("button", { name: "Atribuir plano" }).click();
    await expect(page.getByText("Plano alterado para Essencial")).toBeVisible();
    await expect(page.getByText("Atual: Essencial")).toBeVisible();

    // The shared schema refuses a zero before anything is sent.
    await page.getByLabel("Máximo de agentes").fill("0");
    await page.getByRole("button", { name: "Salvar limites" }).click();
    await expect(page.getByText("Limite de agentes deve ser pelo menos 1")).toBeVisible();
    await page.getByLabel("Máximo de agentes").fill("7");
    await page.getByRole("button", { name: "Salvar limites" }).click();
    await expect(page.getByRole("dialog")).toContainText("Agentes: 7");
    await page.getByRole("dialog").getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Limites salvos")).toBeVisible();
    await expect(page.getByText("0/7")).toBeVisible();

    await page.getByRole("link", { name: "← Workspaces" }).click();
    await page.getByRole("searchbox", { name: "Buscar por workspace, nome ou e-mail do dono" }).fill(owner.email);
    await expect(row).toContainText("Essencial");
    await expect(row).toContainText("limites próprios");
    await expect(row).toContainText("0/7");
  });

  test("[ADMIN-WORKSPACES]: the admin deactivates an abusive agent: its public chat says so, its owner cannot turn it on, and the admin reactivates it", async ({
    page,
    browser,
    baseURL,
  }) => {
    const owner = await registerUser(baseURL ?? "");
    const name = `Agente Abuso ${Date.now().toString(36)}`;
    const agent = await arrangeAgent(baseURL ?? "", owner, { name, activity: "Vendas" });
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/agentes");
    await expect(page.getByRole("heading", { level: 1, name: "Agentes" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Buscar por agente, workspace ou e-mail do dono" }).fill(name);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("Ativo");
    await expect(row).toContainText("Chat web");
    await expectAccessible(page, "agentes, com busca");

    await row.getByRole("button", { name: "Desativar" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Desativar ${name}?`);
    await dialog.getByRole("button", { name: "Desativar agente" }).click();
    await expect(dialog.getByText("Motivo deve ter pelo menos 5 caracteres")).toBeVisible();
    await expectAccessible(page, "agentes, motivo obrigatório");
    await dialog.getByLabel("Motivo").fill("Envio de spam em massa");
    await dialog.getByRole("button", { name: "Desativar agente" }).click();
    await expect(page.getByText("Agente desativado", { exact: true })).toBeVisible();
    await expect(row).toContainText("Desativado pela administração");
    await expect(row).toContainText("Motivo: Envio de spam em massa");

    const visitor = await browser.newContext({ baseURL });
    const chat = await visitor.newPage();
    await chat.goto(`/chat/${agent.id}`);
    await expect(chat.getByRole("heading", { level: 1, name: `${name} está indisponível` })).toBeVisible();
    await expect(chat.getByText("Este agente foi desativado pela administração da plataforma e não está atendendo no momento.")).toBeVisible();
    await expectAccessible(chat, "chat público, agente desativado");
    await visitor.close();

    const ownerContext = await browser.newContext({ baseURL });
    const ownerPage = await ownerContext.newPage();
    await signInViaApi(ownerPage, owner);
    await ownerPage.goto("/agents");
    const card = ownerPage.getByRole("article", { name });
    await expect(card.getByRole("alert")).toContainText("Desativado pela administração da plataforma: Envio de spam em massa");
    await expect(card.getByRole("checkbox", { name: `Agente ${name} ativo` })).toBeDisabled();
    await expectAccessible(ownerPage, "meus agentes, agente desativado pela administração");
    await ownerContext.close();

    await row.getByRole("button", { name: "Reativar" }).click();
    await expect(page.getByRole("dialog")).toContainText(`Reativar ${name}?`);
    await page.getByRole("dialog").getByRole("button", { name: "Reativar" }).click();
    await expect(page.getByText("Agente reativado")).toBeVisible();
    await expect(row).toContainText("Ativo");
  });
});
