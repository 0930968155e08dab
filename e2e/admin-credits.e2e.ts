import { ADMIN, expect, registerUser, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

/** "YYYY-MM-DD" `days` from now in São Paulo, as a date input takes it. */
function dayFromNow(days: number) {
  const d = new Date(Date.now() + days * 86_400_000 - 3 * 3_600_000);
  return d.toISOString().slice(0, 10);
}

test.describe("[ADMIN CREDITS]", () => {
  test("[ADMIN CREDITS]: the admin grants bonus credits to a workspace and sees the grant in the history", async ({ page, baseURL }) => {
    const owner = await registerUser(String(baseURL), { firstName: "Helena", lastName: "Prado" });
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/gestao-creditos");
    await expect(page.getByRole("heading", { level: 1, name: "Gestão de créditos" })).toBeVisible();
    await expectAccessible(page, "gestão de créditos");

    // The shared schema refuses before anything is sent.
    await page.getByRole("button", { name: "Conceder créditos" }).click();
    await expect(page.getByText("Escolha o workspace")).toBeVisible();
    await expect(page.getByText("Motivo deve ter pelo menos 5 caracteres")).toBeVisible();

    await page.getByLabel("Workspace", { exact: true }).fill(owner.email);
    await page.getByRole("button", { name: new RegExp(owner.email.replace(/[.+]/g, "\\$&")) }).click();
    const chosen = page.getByTestId("workspace-escolhido");
    await expect(chosen).toContainText("Helena Prado");
    await expect(chosen).toContainText(owner.email);

    await page.getByLabel("Quantidade de créditos").fill("100001");
    await page.getByLabel("Motivo", { exact: true }).fill("Cortesia pela migração");
    await page.getByRole("button", { name: "Conceder créditos" }).click();
    await expect(page.getByText("Máximo 100.000 créditos por vez")).toBeVisible();
    await expectAccessible(page, "gestão de créditos, com erro");

    await page.getByLabel("Quantidade de créditos").fill("1500");
    await page.getByLabel("Validade (opcional)").fill(dayFromNow(30));
    await page.getByLabel("Observações internas (opcional)").fill("Pedido do suporte");
    await page.getByRole("button", { name: "Conceder créditos" }).click();
    const confirm = page.getByRole("dialog", { name: "Conceder créditos bônus?" });
    await expect(confirm).toContainText("1.500 créditos bônus");
    await expectAccessible(page, "gestão de créditos, confirmação");
    await confirm.getByRole("button", { name: "Conceder" }).click();
    await expect(page.getByText("Créditos concedidos")).toBeVisible();
    await expect(chosen).toContainText("1.500 bônus");

    const history = page.getByRole("table", { name: "Concessões de créditos" });
    const row = history.getByRole("row", { name: /Cortesia pela migração/ });
    await expect(row).toContainText("1.500");
    await expect(row).toContainText("Pedido do suporte");
    await expect(row).toContainText("admin@atenda.test");
    await page.getByRole("searchbox", { name: "Buscar pelo motivo" }).fill("não existe esse motivo");
    await expect(page.getByText("Nenhuma concessão encontrada com estes filtros.")).toBeVisible();
    await expectAccessible(page, "gestão de créditos, histórico filtrado");
  });

  test("[ADMIN CREDITS]: the admin adds a model price, edits it, deactivates and deletes it", async ({ page }) => {
    const model = `e2e-modelo-${Date.now().toString(36)}`;
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/modelos");
    await expect(page.getByRole("heading", { level: 1, name: "Modelos de IA" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Preços dos modelos" })).toContainText("gpt-4o-mini");
    await expectAccessible(page, "modelos de IA");

    await page.getByRole("button", { name: "Buscar modelos" }).click();
    const browse = page.getByRole("dialog", { name: "Modelos dos provedores" });
    await expect(browse).toBeVisible();
    // Fresh server: no provider yet; after the AI-provider spec, one section per provider.
    await expect(browse.getByText(/^Nenhum provedor de IA ativo/).or(browse.getByRole("region")).first()).toBeVisible();
    await browse.getByRole("button", { name: "Fechar" }).first().click();

    await page.getByRole("button", { name: "Novo preço" }).click();
    const form = page.getByRole("dialog", { name: "Novo preço" });
    await form.getByLabel("Provedor", { exact: true }).fill("e2e");
    await form.getByLabel("Modelo", { exact: true }).fill(model);
    await form.getByLabel("Nome de exibição").fill("Modelo E2E");
    await form.getByLabel("Preço de entrada").fill("-1");
    await form.getByRole("button", { name: "Salvar preço" }).click();
    await expect(form.getByText("Preço de entrada não pode ser negativo")).toBeVisible();
    await expectAccessible(page, "novo preço, com erro");
    await form.getByLabel("Preço de entrada").fill("0,5");
    await form.getByLabel("Preço de saída").fill("1,5");
    await form.getByRole("button", { name: "Salvar preço" }).click();
    await expect(page.getByText("Preço criado")).toBeVisible();

    await page.getByRole("searchbox", { name: "Buscar modelo" }).fill(model);
    const row = page.getByRole("row", { name: new RegExp(model) });
    await expect(row).toContainText("US$ 0,5");
    await expect(row).toContainText("US$ 1,5");
    await row.getByRole("button", { name: `Editar ${model}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar preço" });
    await expect(edit.getByLabel("Preço de saída")).toHaveValue("1,5");
    await edit.getByLabel("Preço de saída").fill("2,25");
    await edit.getByRole("button", { name: "Salvar preço" }).click();
    await expect(page.getByText("Preço salvo")).toBeVisible();
    await expect(row).toContainText("US$ 2,25");

    await row.getByRole("button", { name: "Desativar" }).click();
    await page.getByRole("dialog", { name: "Desativar modelo?" }).getByRole("button", { name: "Desativar" }).click();
    await expect(row).toContainText("Inativo");
    await expectAccessible(page, "modelos de IA, modelo inativo");

    await row.getByRole("button", { name: `Excluir ${model}` }).click();
    await page.getByRole("dialog", { name: "Excluir preço?" }).getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Nenhum modelo encontrado com estes filtros.")).toBeVisible();
  });

  test("[ADMIN CREDITS]: the credit configuration shows the rate in use and validates before saving", async ({ page }) => {
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/configuracoes/creditos");
    await expect(page.getByRole("heading", { level: 1, name: "Configuração de créditos" })).toBeVisible();
    await expect(page.getByLabel("Créditos por dólar (US$ 1)")).toHaveValue("1000");
    await expect(page.getByText("1.000 créditos custam R$ 5,50")).toBeVisible();
    await page.getByLabel("Cotação do dólar (R$ por US$ 1)").fill("0");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("A cotação deve ser de pelo menos R$ 0,01")).toBeVisible();
    await expectAccessible(page, "configuração de créditos, com erro");
  });
});
