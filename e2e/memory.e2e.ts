import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("Memória do cliente", () => {
  test("[memória]: add, edit inline and delete (with confirmation) a fact on the contact page; summaries section", async ({ page, signedIn: _user }) => {
    await page.goto("/contatos");
    await page.getByRole("button", { name: "Novo contato" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Novo contato" });
    await dialog.getByLabel("Nome").fill("Marta Ribeiro");
    await dialog.getByRole("button", { name: "Salvar contato" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("link", { name: "Marta Ribeiro" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Marta Ribeiro" })).toBeVisible();

    const memory = page.getByRole("region", { name: "Memória do cliente" });
    await expect(memory.getByText("Nada lembrado ainda.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Resumos de conversas" }).getByText("Nenhum resumo ainda.")).toBeVisible();
    await expectAccessible(page, "contato, memória vazia");

    await memory.getByRole("button", { name: "Adicionar" }).click();
    await expect(memory.getByText("Escreva o fato.")).toBeVisible();
    await expectAccessible(page, "memória com erro");
    await memory.getByRole("textbox", { name: "Fato" }).fill("tem dois cachorros");
    await memory.getByRole("combobox", { name: "Categoria" }).selectOption({ label: "Família e pets" });
    await memory.getByRole("button", { name: "Adicionar" }).click();
    const item = memory.getByRole("listitem").filter({ hasText: "tem dois cachorros" });
    await expect(item).toContainText("Manual");
    await expect(item).toContainText("Família e pets");

    await memory.getByRole("button", { name: "Editar: tem dois cachorros" }).click();
    await memory.getByRole("textbox", { name: "Fato" }).first().fill("tem três cachorros");
    await expectAccessible(page, "memória em edição");
    await memory.getByRole("button", { name: "Salvar" }).click();
    await expect(memory.getByText("tem três cachorros")).toBeVisible();
    await expect(memory.getByText("tem dois cachorros")).toBeHidden();

    await memory.getByRole("button", { name: "Excluir: tem três cachorros" }).click();
    const confirm = page.getByRole("dialog", { name: "Excluir memória" });
    await expect(confirm).toContainText("tem três cachorros");
    await expectAccessible(page, "excluir memória");
    await confirm.getByRole("button", { name: "Excluir memória" }).click();
    await expect(confirm).toBeHidden();
    await expect(memory.getByText("Nada lembrado ainda.")).toBeVisible();
  });
});
