import { ADMIN, expect, signInViaApi, test, uniqueEmail } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("[ADMIN MAIL]", () => {
  test("[ADMIN MAIL]: edit an email template, preview it live, send a test and see it in the outbox, then restore the default", async ({ page }) => {
    const to = uniqueEmail("teste-email");
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/modelos-emails");
    await expect(page.getByRole("heading", { level: 1, name: "Modelos de email" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Servidor SMTP" })).toBeVisible();
    await expect(page.getByText("emails ficam na fila", { exact: true })).toBeVisible();
    await expectAccessible(page, "modelos de email");

    await page.getByRole("searchbox", { name: "Buscar modelo" }).fill("limite");
    await expect(page.getByRole("button", { name: /^Editar / })).toHaveCount(1);
    await page.getByRole("button", { name: "Editar Limite de uso atingido (alerta)" }).click();
    const form = page.getByRole("form", { name: "Editar modelo Limite de uso atingido (alerta)" });
    await expect(form.getByRole("list", { name: "Variáveis disponíveis" })).toContainText("{{workspaceName}}");

    // An unknown variable is named and blocks the save.
    await form.getByLabel("Assunto").fill("Alerta e2e: {{workspaceName}} {{cupom}}");
    await expect(form.getByText("Variáveis desconhecidas: {{cupom}}. Use apenas as variáveis listadas para este modelo.")).toBeVisible();
    await expect(form.getByRole("button", { name: "Salvar modelo" })).toBeDisabled();
    await expectAccessible(page, "editor de modelo, variável desconhecida");

    // The preview follows each keystroke, on sample data; the HTML is sanitised in a sandboxed frame.
    await form.getByLabel("Assunto").fill("Alerta e2e: {{workspaceName}}");
    await form.getByLabel("Conteúdo HTML").fill('<p>Olá da <strong>{{workspaceName}}</strong> em {{month}}</p><img src="x" onerror="alert(1)"><script>alert(2)</script>');
    const preview = page.getByRole("region", { name: "Pré-visualização" });
    await expect(preview.getByTestId("preview-subject")).toHaveText("Alerta e2e: Loja Exemplo");
    const frame = page.frameLocator('iframe[title="Pré-visualização: HTML"]');
    await expect(frame.locator("body")).toContainText("Olá da Loja Exemplo em 2026-11");
    await expect(frame.locator("script")).toHaveCount(0);
    await expect(frame.locator("img[onerror]")).toHaveCount(0);

    await form.getByRole("button", { name: "Salvar modelo" }).click();
    await expect(page.getByText("Modelo salvo")).toBeVisible();
    await expect(form.getByText("editado", { exact: true })).toBeVisible();

    await page.getByLabel("Enviar teste para").fill("nao-e-email");
    await page.getByRole("button", { name: "Enviar teste" }).click();
    await expect(page.getByText("Email inválido")).toBeVisible();
    await page.getByLabel("Enviar teste para").fill(to);
    await page.getByRole("button", { name: "Enviar teste" }).click();
    // The e2e server has no SMTP server: the mail waits in the outbox and the screen says so.
    await expect(page.getByText("Email de teste na fila: não há servidor de email ativo.")).toBeVisible();
    await expectAccessible(page, "editor de modelo, teste enviado");

    await page.getByRole("link", { name: "Ver na caixa de saída" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Teste de emails" })).toBeVisible();
    await page.getByRole("searchbox").fill(to);
    await page.getByRole("button", { name: "Filtrar por destinatário" }).click();
    const sent = page.getByRole("table", { name: "Emails enviados" }).getByRole("row").filter({ hasText: to });
    await expect(sent).toHaveCount(1);
    await expect(sent).toContainText("[Teste] Alerta e2e: Loja Exemplo");
    await expect(sent).toContainText("Limite de uso atingido (alerta)");
    await expect(sent).toContainText("Na fila");
    await page.getByLabel("Situação").selectOption("failed");
    await expect(page.getByText("Nenhum email encontrado com esses filtros.")).toBeVisible();
    await expectAccessible(page, "teste de emails, caixa de saída filtrada");

    // The demo page shows the mail as the product sends it now: the edited template.
    await page.goto("/admin/modelos-emails/demonstracao");
    await expect(page.getByRole("heading", { level: 1, name: "Demonstração de email" })).toBeVisible();
    await page.getByLabel("Modelo").selectOption("spend-cap-reached");
    await expect(page.getByRole("region", { name: "Demonstração" }).getByTestId("preview-subject")).toHaveText("Alerta e2e: Loja Exemplo");
    await expectAccessible(page, "demonstração de email");

    // Restoring asks first, then the default is back.
    await page.goto("/admin/modelos-emails");
    await page.getByRole("button", { name: "Editar Limite de uso atingido (alerta)" }).click();
    await page.getByRole("button", { name: "Restaurar padrão" }).click();
    const dialog = page.getByRole("dialog", { name: "Restaurar o modelo padrão?" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "restaurar modelo, confirmação");
    await dialog.getByRole("button", { name: "Restaurar padrão" }).click();
    await expect(page.getByText("Modelo restaurado para o padrão")).toBeVisible();
    await expect(page.getByLabel("Assunto")).toHaveValue("Limite de uso atingido");
  });
});
