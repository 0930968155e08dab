import { arrangeAgent, expect, test } from "./fixtures";

/**
 * The Nuvemshop and Notion cards in the browser: the shared contract's messages, save, "Salvo",
 * the secret never shown again after a reload, disable and remove. No call leaves the machine:
 * "Testar" is covered against loopback fakes by test/nuvemshop.test.ts and test/notion.test.ts.
 */
test.describe("[NUVEMSHOP]", () => {
  test("[NUVEMSHOP]: validation, save, reload with the token hidden, disable and remove", async ({ page, user, loggedIn, baseURL }) => {
    void loggedIn;
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Lia da Loja", activity: "Loja de roupas" });
    await page.goto(`/agent/${agent.id}#integracoes`);
    const card = page.getByRole("region", { name: "Loja Nuvemshop" });
    await expect(card.getByRole("heading", { name: "Loja Nuvemshop" })).toBeVisible();

    await card.getByRole("button", { name: "Salvar Nuvemshop" }).click();
    await expect(card.getByText("Informe o ID da loja")).toBeVisible();
    await expect(card.getByText("Informe o token de acesso da Nuvemshop")).toBeVisible();
    await card.getByLabel("ID da loja").fill("loja-1");
    await expect(card.getByText("ID da loja deve conter apenas números")).toBeVisible();

    await card.getByLabel("ID da loja").fill("123456");
    await card.getByLabel("Token de acesso").fill("token-nuvem-e2e");
    await card.getByRole("button", { name: "Salvar Nuvemshop" }).click();
    await expect(page.getByText("Nuvemshop salva")).toBeVisible();
    await expect(card.getByText("Salvo", { exact: true })).toBeVisible();

    await page.reload();
    const again = page.getByRole("region", { name: "Loja Nuvemshop" });
    await expect(again.getByLabel("ID da loja")).toHaveValue("123456");
    await expect(again.getByLabel("Token de acesso")).toHaveValue("");
    await expect(again.getByText("••• definido — deixe em branco para manter")).toBeVisible();
    await expect(again.getByText("Ativa", { exact: true })).toBeVisible();

    await again.getByLabel("Integração ativa").uncheck();
    await again.getByRole("button", { name: "Salvar Nuvemshop" }).click();
    await expect(again.getByText("Desativada", { exact: true })).toBeVisible();

    await again.getByRole("button", { name: "Remover" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remover" }).click();
    await expect(page.getByText("Integração com a Nuvemshop removida")).toBeVisible();
    await expect(again.getByLabel("ID da loja")).toHaveValue("");
  });
});

test.describe("[NOTION]", () => {
  test("[NOTION]: token and page link validated, saved as the page id, token hidden after reload", async ({ page, user, loggedIn, baseURL }) => {
    void loggedIn;
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Nina Notas", activity: "Consultoria" });
    await page.goto(`/agent/${agent.id}#integracoes`);
    const card = page.getByRole("region", { name: "Notas no Notion" });
    await expect(card.getByRole("heading", { name: "Notas no Notion" })).toBeVisible();

    await card.getByRole("button", { name: "Salvar Notion" }).click();
    await expect(card.getByText("Informe a página ou o banco de dados onde as notas serão criadas")).toBeVisible();
    await expect(card.getByText("Informe o token da integração do Notion")).toBeVisible();
    await card.getByLabel("Token da integração").fill("token-sem-prefixo");
    await card.getByLabel("Link ou ID da página").fill("minha página");
    await expect(card.getByText('Token do Notion deve começar com "ntn_" ou "secret_"')).toBeVisible();
    await expect(card.getByText("Link ou ID do Notion inválido: copie o link da página (… › Copiar link)")).toBeVisible();

    await card.getByLabel("Token da integração").fill("ntn_token_e2e");
    await card.getByLabel("Link ou ID da página").fill("https://www.notion.so/acme/Atendimentos-0123456789abcdef0123456789abcdef?pvs=4");
    await card.getByRole("button", { name: "Salvar Notion" }).click();
    await expect(page.getByText("Notion salvo")).toBeVisible();
    await expect(card.getByText("Salvo", { exact: true })).toBeVisible();

    await page.reload();
    const again = page.getByRole("region", { name: "Notas no Notion" });
    await expect(again.getByLabel("Link ou ID da página")).toHaveValue("01234567-89ab-cdef-0123-456789abcdef");
    await expect(again.getByLabel("Token da integração")).toHaveValue("");
    await expect(again.getByText("••• definido — deixe em branco para manter")).toBeVisible();
    await again.getByLabel("Criar notas em").selectOption({ label: "Banco de dados" });
    await expect(again.getByLabel("Link ou ID do banco de dados")).toBeVisible();
  });
});
