import { ADMIN, expect, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { noisePng } from "./support/noise-image";

/** Opens 'Reportar Bug' from the user menu. */
async function openBugReport(page: import("@playwright/test").Page) {
  await page.getByRole("button", { name: "Menu do usuário" }).click();
  await page.getByRole("menuitem", { name: "Reportar Bug" }).click();
  const dialog = page.getByRole("dialog", { name: "Reportar Bug" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("Reportar Bug", () => {
  test("[BUG]: a 1 MB screenshot is compressed, sent with the report, and the admin sees it in /admin/suporte", async ({ page, loggedIn }) => {
    void loggedIn;
    // The encode of a 1 MB image takes a few ms here: held 800 ms so the check sees the text the user sees.
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.toBlob;
      HTMLCanvasElement.prototype.toBlob = function (this: HTMLCanvasElement, ...args: Parameters<HTMLCanvasElement["toBlob"]>) {
        setTimeout(() => original.apply(this, args), 800);
      };
    });
    await page.reload();
    const png = noisePng(800, 450); // 1,03 MB of noise
    expect(png.length).toBeGreaterThan(1_000_000);
    const dialog = await openBugReport(page);
    const subject = `Botão Salvar não responde ${Date.now().toString(36)}`;
    await dialog.getByLabel("Descrição do problema").fill(`${subject}\nCliquei em Salvar no agente e nada aconteceu.`);
    await dialog.getByLabel("Anexo (imagem, PDF, DOC, DOCX ou TXT)").setInputFiles({ name: "tela.png", mimeType: "image/png", buffer: png });
    await expect(dialog.getByText("Comprimindo imagem...")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Enviar Bug Report" })).toBeDisabled();
    await expect(dialog.getByText("tela.jpg")).toBeVisible();
    await expect(dialog.getByText(/comprimida de 1(,\d)? MB/)).toBeVisible();
    await expectAccessible(page, "diálogo Reportar Bug com anexo");

    await dialog.getByRole("button", { name: "Enviar Bug Report" }).click();
    await expect(page.getByText("Bug Report Enviado!")).toBeVisible();
    await expect(page.getByText(/Recebemos seu chamado #\w{6}\./)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // After a send the fields are empty again.
    await openBugReport(page);
    await expect(page.getByLabel("Descrição do problema")).toHaveValue("");
    await expect(page.getByText("Por favor, descreva o problema ou anexe um arquivo/vídeo.")).toBeVisible();
    await page.keyboard.press("Escape");

    await page.context().clearCookies();
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/suporte");
    await page.getByLabel("Buscar").fill(subject);
    await page.getByRole("link", { name: subject }).click();
    await expect(page.getByRole("heading", { name: subject })).toBeVisible();
    await expect(page.getByText("Cliquei em Salvar no agente e nada aconteceu.")).toBeVisible();
    await expect(page.getByRole("img", { name: "tela.jpg" })).toBeVisible();
    // Sent along: the page the user was on and the build they ran.
    await expect(page.getByText(/\/dashboard$/)).toBeVisible();
    await expect(page.getByText(/^web-\w+$/)).toBeVisible();
  });

  test("[BUG]: a file alone sends the default description", async ({ page, loggedIn }) => {
    void loggedIn;
    const dialog = await openBugReport(page);
    await dialog.getByLabel("Anexo (imagem, PDF, DOC, DOCX ou TXT)").setInputFiles({ name: "console.txt", mimeType: "text/plain", buffer: Buffer.from("TypeError: x is undefined") });
    await expect(dialog.getByText("Por favor, descreva o problema ou anexe um arquivo/vídeo.")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Enviar Bug Report" }).click();
    await expect(page.getByText("Bug Report Enviado!")).toBeVisible();

    // What the server stored, as the user reads it back in Meus chamados.
    await page.goto("/meus-chamados");
    const row = page.getByRole("row", { name: /Bug report/ });
    await expect(row.getByText("Bug", { exact: true })).toBeVisible();
    await expect(row.getByText("Média")).toBeVisible();
    await row.getByRole("link", { name: "Bug report" }).click();
    await expect(page.getByRole("heading", { name: "Bug report" })).toBeVisible();
    await expect(page.getByText("Bug reportado via interface com arquivo/vídeo anexado")).toBeVisible();
    await expect(page.getByRole("link", { name: "console.txt" })).toBeVisible();
  });

  test("[BUG]: a refused file type is named before sending", async ({ page, loggedIn }) => {
    void loggedIn;
    const dialog = await openBugReport(page);
    await dialog.getByLabel("Anexo (imagem, PDF, DOC, DOCX ou TXT)").setInputFiles({ name: "planilha.xlsx", mimeType: "application/vnd.ms-excel", buffer: Buffer.from("x") });
    await expect(dialog.getByText('O arquivo "planilha.xlsx" não é aceito.', { exact: false })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Enviar Bug Report" })).toBeDisabled();
  });

  test("[BUG]: the §8 toasts for a lost session and for a server failure", async ({ page, loggedIn }) => {
    void loggedIn;
    const dialog = await openBugReport(page);
    await dialog.getByLabel("Descrição do problema").fill("Falha ao abrir o relatório");

    await page.route("**/api/v1/support/requests", (r) => r.fulfill({ status: 401, json: { error: { code: "NOT_AUTHENTICATED", message: "Faça login." } } }));
    await dialog.getByRole("button", { name: "Enviar Bug Report" }).click();
    await expect(page.getByText("Você precisa estar autenticado para reportar bugs. Por favor, faça login novamente.")).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Descrição do problema")).toHaveValue("Falha ao abrir o relatório");

    await page.unroute("**/api/v1/support/requests");
    await page.route("**/api/v1/support/requests", (r) => r.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "Banco indisponível" } } }));
    await dialog.getByRole("button", { name: "Enviar Bug Report" }).click();
    await expect(page.getByText("Erro ao Enviar")).toBeVisible();
    await expect(page.getByText("Falha ao enviar bug report: Banco indisponível")).toBeVisible();
    await page.unroute("**/api/v1/support/requests");
  });
});
