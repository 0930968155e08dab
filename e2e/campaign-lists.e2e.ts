import { apiClient, expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

/** Contacts made through contacts.create (the form's own call), so "from contacts" has something to filter. */
async function arrangeContacts(baseURL: string, user: { email: string; password: string }) {
  const { api, csrf } = await apiClient(baseURL);
  const login = await api.post("/api/v1/auth/login", { headers: { "x-csrf-token": await csrf() }, data: { ...user, rememberMe: false } });
  expect(login.ok(), await login.text()).toBeTruthy();
  for (const c of [
    { name: "Cliente Vip Um", phone: "(11) 98888-0001", tags: ["vip"] },
    { name: "Cliente Comum", phone: "(11) 98888-0002", tags: [] },
  ]) {
    const res = await api.post("/trpc/contacts.create", { headers: { "x-csrf-token": await csrf() }, data: { json: c } });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  await api.dispose();
}

test.describe("Listas de campanha", () => {
  test("[Campanhas]: create a list, add typed numbers (one invalid reported), add from contacts by a tag, remove one with confirmation", async ({ page, signedIn: user, baseURL }) => {
    await arrangeContacts(baseURL ?? "", user);
    await page.goto("/campanhas");
    await page.getByRole("tab", { name: "Listas" }).click();
    await expect(page.getByText("Nenhuma lista de campanha ainda")).toBeVisible();
    await expectAccessible(page, "listas de campanha, vazio");

    await page.getByRole("button", { name: "Nova lista" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova lista" });
    await dialog.getByLabel("Nome da lista").fill("A");
    await dialog.getByRole("button", { name: "Criar lista" }).click();
    await expect(dialog.getByText("Nome da lista deve ter pelo menos 2 caracteres")).toBeVisible();
    await dialog.getByLabel("Nome da lista").fill("Promoção de Natal");
    await dialog.getByRole("button", { name: "Criar lista" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("link", { name: "Promoção de Natal" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Promoção de Natal" })).toBeVisible();
    await expectAccessible(page, "lista vazia");

    await page.getByText("Adicionar", { exact: true }).click();
    await page.getByRole("button", { name: "Digitar números" }).click();
    const typed = page.getByRole("dialog", { name: "Digitar números" });
    await typed.getByLabel("Números (um por linha)").fill("Paula Reis, (48) 99911-2233\n21 99876-5432\n123");
    await typed.getByRole("button", { name: "Adicionar números" }).click();
    await expect(typed.getByRole("status", { name: "Resultado" })).toContainText("2 contatos adicionados · 1 inválido");
    await expect(typed.getByRole("row").filter({ hasText: "123" })).toContainText("Formato de telefone inválido");
    await expectAccessible(page, "números digitados com erro");
    await typed.getByText("Fechar", { exact: true }).click();

    await page.getByText("Adicionar", { exact: true }).click();
    await page.getByRole("button", { name: "De contatos (filtro ou lista)" }).click();
    const fromContacts = page.getByRole("dialog", { name: "Adicionar de contatos" });
    await fromContacts.getByLabel("Buscar").fill("vip");
    await expect(fromContacts.getByText("1 contato corresponde ao filtro")).toBeVisible();
    await expectAccessible(page, "adicionar de contatos");
    await fromContacts.getByRole("button", { name: "Adicionar contatos" }).click();
    await expect(fromContacts.getByRole("status", { name: "Resultado" })).toContainText("1 contato adicionado");
    await fromContacts.getByText("Fechar", { exact: true }).click();

    const table = page.getByRole("table", { name: "Contatos da lista" });
    await expect(table.getByRole("row")).toHaveCount(4);
    await expect(table.getByRole("row").filter({ hasText: "Cliente Vip Um" })).toContainText("Pendente");
    await expect(table).not.toContainText("Cliente Comum");
    await expectAccessible(page, "lista com contatos");

    await table.getByRole("checkbox", { name: "Selecionar Paula Reis" }).check();
    await page.getByRole("button", { name: "Remover 1 selecionado" }).click();
    const confirm = page.getByRole("dialog", { name: "Remover da lista" });
    await expectAccessible(page, "confirmar remoção");
    await confirm.getByRole("button", { name: "Remover" }).click();
    await expect(table.getByRole("row")).toHaveCount(3);
    await expect(table).not.toContainText("Paula Reis");
    await expect(page.getByText("2 contatos · 0 válidos")).toBeVisible();

    // "Descadastrados": a number added by hand, then removed after confirming.
    await page.getByRole("link", { name: "Campanhas" }).first().click();
    await page.getByRole("tab", { name: "Listas", exact: true }).click();
    await expect(page.getByRole("row").filter({ hasText: "Promoção de Natal" })).toContainText("2");
    await page.getByRole("tab", { name: "Descadastrados" }).click();
    await page.getByLabel("Descadastrar número").fill("(11) 97777-0000");
    await page.getByRole("button", { name: "Descadastrar", exact: true }).click();
    const optOut = page.getByRole("row").filter({ hasText: "+55 (11) 97777-0000" });
    await expect(optOut).toContainText("Manual");
    await expectAccessible(page, "descadastrados");
    await optOut.getByRole("button", { name: "Remover +55 (11) 97777-0000 dos descadastrados" }).click();
    await page.getByRole("dialog", { name: "Remover dos descadastrados" }).getByRole("button", { name: "Remover" }).click();
    await expect(page.getByText("Nenhum número descadastrado.")).toBeVisible();
  });
});
