import { ADMIN, expect, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("[ADMIN AI]", () => {
  test("[ADMIN AI]: providers page shows 'modo offline', saves a provider without ever showing the key, and tests it", async ({ page }) => {
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/openai-config");
    await expect(page.getByRole("heading", { name: "Provedores de IA" })).toBeVisible();
    await expect(page.getByText("modo offline", { exact: true }).first()).toBeVisible();
    await expectAccessible(page, "provedores de IA, vazio");

    await page.getByRole("button", { name: "Adicionar provedor" }).click();
    const form = page.getByRole("form", { name: "Novo provedor" });
    await form.getByRole("button", { name: "Salvar provedor" }).click();
    await expect(form.getByText("Identificador do provedor inválido")).toBeVisible();
    await expectAccessible(page, "novo provedor, com erro");

    await form.getByLabel("Identificador").fill("e2e-local");
    await form.getByLabel("Nome de exibição").fill("Servidor de teste");
    // Port 9 (discard) refuses connections, so the test fails fast and says why.
    await form.getByLabel("URL base (opcional)").fill("http://127.0.0.1:9/v1");
    await form.getByLabel("Chave de API").fill("sk-segredo-e2e-123");
    await form.getByLabel("Modelos disponíveis").fill("modelo-teste");
    await form.getByLabel("Modelos disponíveis").press("Enter");
    // Kept inactive: an active provider would take the whole e2e server out of offline mode.
    await form.getByLabel("Provedor ativo").uncheck();
    await form.getByRole("button", { name: "Salvar provedor" }).click();
    await expect(page.getByText("Provedor salvo")).toBeVisible();

    const card = page.getByRole("article", { name: "Servidor de teste" });
    await expect(card.getByText("Chave configurada")).toBeVisible();
    await expect(card.getByText("Não testado")).toBeVisible();
    await expect(page.locator("body")).not.toContainText("sk-segredo-e2e-123");

    await card.getByRole("button", { name: "Testar conexão" }).click();
    await expect(card.getByText(/Falha na conexão/)).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText("Falhou")).toBeVisible();
    await expectAccessible(page, "provedores de IA, com provedor testado");

    // Editing keeps the stored key when the field stays blank.
    await card.getByRole("button", { name: "Editar" }).click();
    const edit = page.getByRole("form", { name: "Editar provedor" });
    await expect(edit.getByLabel("Chave de API")).toHaveValue("");
    await edit.getByRole("button", { name: "Salvar provedor" }).click();
    await expect(page.getByText("Provedor salvo")).toBeVisible();
    await expect(card.getByText("Chave configurada")).toBeVisible();

    // /admin/modelos is the model price list now (issue 17); it links back to the providers.
    await page.goto("/admin/modelos");
    await expect(page.getByRole("heading", { level: 1, name: "Modelos de IA" })).toBeVisible();
    await page.getByRole("link", { name: "Provedores de IA" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Provedores de IA" })).toBeVisible();
  });

  test("[ADMIN AI]: the platform prompt is edited into a new version with its history", async ({ page }) => {
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/prompt-system");
    const prompt = page.getByLabel("Prompt atual");
    await expect(prompt).toHaveValue(/Você é um agente de atendimento/);
    await prompt.fill("curto");
    await page.getByRole("button", { name: "Salvar nova versão" }).click();
    await expect(page.getByText("O prompt deve ter pelo menos 20 caracteres")).toBeVisible();
    await expectAccessible(page, "prompt do sistema, com erro");

    const content = `Você atende clientes brasileiros com cordialidade. Versão e2e ${Date.now()}.`;
    await prompt.fill(content);
    await page.getByLabel("Descrição da mudança").fill("Teste automatizado");
    await page.getByRole("button", { name: "Salvar nova versão" }).click();
    await expect(page.getByText("Prompt salvo")).toBeVisible();
    const history = page.getByRole("region", { name: "Histórico de versões" });
    await expect(history.getByText("Teste automatizado").first()).toBeVisible();
    await expect(history.getByText("Em uso")).toBeVisible();
    await expectAccessible(page, "prompt do sistema, com histórico");
    await page.reload();
    await expect(page.getByLabel("Prompt atual")).toHaveValue(content);
  });

  test("[ADMIN AI]: a normal user cannot open the providers page", async ({ page, signedIn }) => {
    void signedIn;
    await page.goto("/admin/openai-config");
    await expect(page.getByText("Acesso restrito a administradores.")).toBeVisible();
  });
});
