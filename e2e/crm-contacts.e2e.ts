import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("Contatos", () => {
  test("[CRM]: create a contact, find it by search without accents, tag it in bulk and open its page", async ({ page, signedIn: _user }) => {
    await page.goto("/contatos");
    await expect(page.getByRole("heading", { level: 1, name: "Contatos" })).toBeVisible();
    await expect(page.getByText("Nenhum contato ainda")).toBeVisible();
    await expectAccessible(page, "contatos, vazio");

    // The form checks with the server's contract: errors show under their fields.
    await page.getByRole("button", { name: "Novo contato" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Novo contato" });
    await dialog.getByLabel("Telefone").fill("12");
    await dialog.getByRole("button", { name: "Salvar contato" }).click();
    await expect(dialog.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
    await expect(dialog.getByText("Telefone inválido")).toBeVisible();
    await expectAccessible(page, "novo contato com erros");
    await dialog.getByLabel("Nome").fill("Rosângela Conceição");
    await dialog.getByLabel("Telefone").fill("(11) 98765-4321");
    await dialog.getByLabel("Empresa").fill("Floricultura Primavera");
    await dialog.getByRole("button", { name: "Salvar contato" }).click();
    await expect(dialog).toBeHidden();

    // A second contact, so the search has something to leave out.
    await page.getByRole("button", { name: "Novo contato" }).first().click();
    await dialog.getByLabel("Nome").fill("Bruno Alves");
    await dialog.getByRole("button", { name: "Salvar contato" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name: "Bruno Alves" })).toBeVisible();

    await page.getByLabel("Buscar").fill("rosangela conceicao");
    await expect(page.getByRole("link", { name: "Bruno Alves" })).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: "Rosângela Conceição" });
    await expect(row).toContainText("+55 (11) 98765-4321");
    // The box waits for a pause in typing; a new search clears the selection, so let it land first.
    const searched = page.waitForResponse((r) => r.url().includes("contacts.list") && r.url().includes("primavera"));
    await page.getByLabel("Buscar").fill("primavera");
    await searched;
    await expect(row).toBeVisible();

    await row.getByRole("checkbox", { name: "Selecionar Rosângela Conceição" }).check();
    await expect(page.getByText("1 contato selecionado")).toBeVisible();
    await page.getByRole("button", { name: "Etiquetar" }).click();
    const tagDialog = page.getByRole("dialog", { name: "Etiquetar contatos" });
    await tagDialog.getByLabel("Etiquetas").fill("cliente vip");
    await tagDialog.getByLabel("Etiquetas").press("Enter");
    await expectAccessible(page, "etiquetar contatos");
    await tagDialog.getByRole("button", { name: "Aplicar etiquetas" }).click();
    await expect(row).toContainText("cliente vip");
    await expectAccessible(page, "contatos, busca com resultado");

    await row.getByRole("link", { name: "Rosângela Conceição" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rosângela Conceição" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Linha do tempo" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Apagar dados (LGPD)" })).toBeVisible();
    await expectAccessible(page, "página do contato");

    // An edit is saved and stays after a reload.
    await page.getByRole("textbox", { name: "Cidade" }).fill("Campinas");
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByText("Contato salvo")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Cidade" })).toHaveValue("Campinas");
  });
});
