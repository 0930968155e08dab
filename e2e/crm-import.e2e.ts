import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { tabTo } from "./support/keyboard";

const CSV = [
  "Nome;E-mail;Celular;Empresa;Time",
  "Rosângela Conceição;rosangela@exemplo.com.br;(11) 98765-1001;Floricultura Primavera;Palmeiras",
  "Bruno Alves;email-quebrado;(11) 98765-1002;;Santos",
  "Caio Prado;caio@exemplo.com.br;(21) 97777-1003;Prado & Filhos;",
].join("\r\n");

test.describe("Importação de contatos", () => {
  test("[CRM]: import a CSV with a bad row through the dialog and see the report", async ({ page, signedIn: _user }) => {
    await page.goto("/contatos");
    await expect(page.getByRole("heading", { level: 1, name: "Contatos" })).toBeVisible();
    await page.getByRole("button", { name: "Importar CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Importar contatos (CSV)" });
    await expect(dialog.getByText("Arquivo CSV")).toBeVisible();
    await expectAccessible(page, "importação: arquivo");

    // Arquivo → Mapeamento: the header is read in the browser and each column guessed.
    await dialog.getByLabel("Arquivo CSV").setInputFiles({ name: "clientes.csv", mimeType: "text/csv", buffer: Buffer.from(CSV, "utf8") });
    await expect(dialog.getByLabel("Campo para a coluna Nome")).toHaveValue("name");
    await expect(dialog.getByLabel("Campo para a coluna E-mail")).toHaveValue("email");
    await expect(dialog.getByLabel("Campo para a coluna Celular")).toHaveValue("phone");
    await expect(dialog.getByLabel("Campo para a coluna Empresa")).toHaveValue("companyName");
    await expect(dialog.getByLabel("Campo para a coluna Time")).toHaveValue("");
    await expectAccessible(page, "importação: mapeamento");
    // Without a name column the step says so; then the unknown column becomes a custom field, by keyboard.
    await dialog.getByLabel("Campo para a coluna Nome").selectOption("");
    await dialog.getByRole("button", { name: "Continuar" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Associe uma coluna ao campo Nome.");
    await dialog.getByLabel("Campo para a coluna Nome").selectOption("name");
    await dialog.getByLabel("Campo para a coluna Time").selectOption("__custom__");
    const next = dialog.getByRole("button", { name: "Continuar" });
    await tabTo(page, next);
    await page.keyboard.press("Enter");

    // Pré-visualização: the server's rules, run in the browser, already flag the bad row.
    const preview = dialog.getByRole("table", { name: "Primeiras linhas como serão importadas" });
    await expect(preview.getByRole("row").filter({ hasText: "Bruno Alves" })).toContainText("Email inválido");
    await expect(preview.getByRole("row").filter({ hasText: "Caio Prado" })).toContainText("OK");
    await dialog.getByLabel("Atualizar contato existente").check();
    await expectAccessible(page, "importação: pré-visualização");

    // Importando: held a moment on its first reading so the progress view can be checked.
    let held = false;
    await page.route("**/trpc/contacts.imports.get**", async (route) => {
      if (!held) {
        held = true;
        await new Promise((r) => setTimeout(r, 1500));
      }
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Importar 3 linhas" }).click();
    await expect(dialog.getByRole("progressbar", { name: "Progresso da importação" })).toBeVisible();
    await expectAccessible(page, "importação: importando");

    // Relatório: exact counts and the refused row with its line and reason.
    await expect(dialog.getByText("Linhas com problema")).toBeVisible();
    await page.unroute("**/trpc/contacts.imports.get**");
    const count = (label: string) => dialog.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");
    await expect(count("Criados")).toHaveText("2");
    await expect(count("Atualizados")).toHaveText("0");
    await expect(count("Com erro")).toHaveText("1");
    const report = dialog.getByRole("table", { name: "Linhas não importadas e o motivo" });
    await expect(report.getByRole("row").filter({ hasText: "Email inválido" })).toContainText("3");
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Baixar relatório (CSV)" }).click();
    expect((await download).suggestedFilename()).toBe("relatorio-clientes.csv");
    await expectAccessible(page, "importação: relatório");

    await dialog.getByRole("button", { name: "Fechar" }).first().click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name: "Rosângela Conceição" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Caio Prado" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Bruno Alves" })).toHaveCount(0);

    // The export link carries the list's filter and names the file by the day.
    const exported = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar CSV" }).click();
    expect((await exported).suggestedFilename()).toMatch(/^contatos-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
