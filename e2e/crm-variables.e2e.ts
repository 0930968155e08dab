import type { Page } from "@playwright/test";
import { arrangeAgent, expect, loggedInApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

const box = (page: Page) => page.getByPlaceholder("Digite sua mensagem...");

test.describe("Variáveis", () => {
  test("[VARIÁVEIS]: a public-chat visitor (offline mode) who leaves name and e-mail shows up in /contatos with a deal in /funil", async ({ page, browser, signedIn, baseURL }) => {
    test.setTimeout(90_000);
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Iara", activity: "Floricultura" });
    const { api, write } = await loggedInApi(baseURL ?? "", signedIn);
    const current = (await (await api.get(`/api/v1/agents/${agent.id}`)).json()) as { data: { conversationSettings: Record<string, unknown> } };
    await write("patch", `/api/v1/agents/${agent.id}`, { conversationSettings: { ...current.data.conversationSettings, autoAddToFunnel: true } });

    // The visitor: another browser context, no session.
    const visitor = await browser.newContext();
    const chat = await visitor.newPage();
    await chat.goto(`/chat/${agent.id}`);
    const reply = chat.waitForResponse((r) => r.url().includes("/chat-external"));
    await box(chat).fill("Olá! Meu nome é Marina Duarte e meu e-mail é marina.duarte@exemplo.com.br");
    await box(chat).press("Enter");
    expect((await reply).status()).toBe(200);
    await expect(chat.getByTestId("assistant-message")).toHaveCount(1);
    await visitor.close();

    await page.goto("/contatos");
    const row = page.getByRole("row").filter({ hasText: "Marina Duarte" });
    await expect(row).toContainText("marina.duarte@exemplo.com.br");
    await expect(row).toContainText("Chat web");

    await page.goto("/funil");
    await expect(page.locator('[data-testid="kanban-column"][data-stage-name="Novo lead"]').getByTestId("deal-card").filter({ hasText: "Marina Duarte" })).toBeVisible();

    // The contact's variables say where each value came from; a person's edit becomes manual.
    await page.goto("/contatos");
    await page.getByRole("link", { name: "Marina Duarte" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Marina Duarte" })).toBeVisible();
    const card = page.getByRole("region", { name: "Variáveis" });
    const email = card.getByRole("listitem").filter({ hasText: "{{email}}" });
    await expect(email).toContainText("Extraído pela IA");
    await expect(email).toContainText("Confiança 70%");
    await expectAccessible(page, "variáveis do contato");
    await card.getByRole("button", { name: "Editar Nome" }).click();
    await card.getByLabel("Nome").fill("Marina Duarte Lima");
    await card.getByRole("button", { name: "Salvar" }).click();
    const name = card.getByRole("listitem").filter({ hasText: "{{nome}}" });
    await expect(name).toContainText("Marina Duarte Lima");
    await expect(name).toContainText("Manual");
    await expect(name).toContainText("Confiança 100%");
    await api.dispose();
  });

  test("[VARIÁVEIS]: create, edit and delete a custom variable with the SPEC messages; system variables cannot be changed", async ({ page, signedIn: _user }) => {
    await page.goto("/contatos");
    await page.getByRole("tab", { name: "Variáveis" }).click();
    await expect(page.getByRole("row").filter({ hasText: "{{saudacao}}" })).toContainText("Sistema");
    await expect(page.getByRole("row").filter({ hasText: "{{nome}}" }).getByRole("button")).toHaveCount(0);
    await expectAccessible(page, "variáveis do workspace");

    await page.getByRole("button", { name: "Nova variável" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova variável" });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("Nome da variável é obrigatório")).toBeVisible();
    await expect(dialog.getByText("Nome de exibição é obrigatório")).toBeVisible();
    await dialog.getByLabel("Nome da variável").fill("nome");
    await dialog.getByLabel("Nome de exibição").fill("Plano contratado");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("Esse nome é de uma variável do sistema")).toBeVisible();
    await dialog.getByLabel("Nome da variável").fill("plano");
    await dialog.getByLabel("Tipo de dado").selectOption({ label: "Número" });
    await dialog.getByLabel("Valor padrão (opcional)").fill("básico");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog.getByText("Valor padrão: informe um número (ex.: 42 ou 3,5)")).toBeVisible();
    await expectAccessible(page, "nova variável com erros");
    await dialog.getByLabel("Tipo de dado").selectOption({ label: "Texto" });
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: "{{plano}}" });
    await expect(row).toContainText("Plano contratado");
    await expect(row).toContainText("básico");

    await row.getByRole("button", { name: "Editar plano" }).click();
    const edit = page.getByRole("dialog", { name: "Editar {{plano}}" });
    await expect(edit.getByLabel("Nome da variável")).toBeDisabled();
    await edit.getByLabel("Nome de exibição").fill("Plano");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText("Plano");

    await row.getByRole("button", { name: "Excluir plano" }).click();
    const confirm = page.getByRole("dialog", { name: "Excluir variável" });
    await expect(confirm).toContainText("{{plano}}");
    await expectAccessible(page, "excluir variável");
    await confirm.getByRole("button", { name: "Excluir variável" }).click();
    await expect(page.getByRole("row").filter({ hasText: "{{plano}}" })).toHaveCount(0);
  });
});
