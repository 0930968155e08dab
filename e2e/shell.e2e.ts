import { ADMIN, expect, loginViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

const SOON = ["Campanhas", "Multi Agentes", "Leads Hunter", "Academy"];

test.describe("[SHELL]", () => {
  test("[SHELL]: the sidebar collapses to 64 px and expands to 256 px, remembering the choice", async ({ page, loggedIn }) => {
    void loggedIn;
    const sidebar = page.getByTestId("sidebar");
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
    await expectAccessible(page, "dashboard, sidebar expandida");
    await page.getByTitle("Recolher sidebar").click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);
    await expect(page.getByTitle("Expandir sidebar")).toBeVisible();
    await expectAccessible(page, "dashboard, sidebar recolhida");
    await page.getByRole("button", { name: "Menu do usuário" }).click();
    await expect(page.getByRole("menu", { name: "Menu do usuário" })).toBeVisible();
    await expectAccessible(page, "sidebar recolhida, menu do usuário aberto");
    await page.keyboard.press("Escape");
    await page.reload();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);
    await page.getByTitle("Expandir sidebar").click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
    await expect(page.getByTitle("Recolher sidebar")).toBeVisible();
  });

  test("[SHELL]: a normal user sees 'Em Breve' items dimmed and not clickable", async ({ page, loggedIn }) => {
    void loggedIn;
    const nav = page.getByRole("navigation", { name: "Navegação principal" });
    for (const label of ["Dashboard", "Meus Agentes", "Conversas", "Funil", "Contatos"]) {
      await expect(nav.getByRole("link", { name: label })).toBeVisible();
    }
    for (const label of SOON) {
      await expect(nav.getByRole("link", { name: label })).toHaveCount(0);
      const item = nav.locator(`[data-nav-item="${label}"]`);
      await expect(item).toHaveAttribute("aria-disabled", "true");
      await expect(item.getByText("Em Breve")).toBeVisible();
    }
    await nav.locator('[data-nav-item="Campanhas"]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole("button", { name: "Menu do usuário" }).click();
    await expect(page.getByRole("menuitem", { name: "Mudar para o admin" })).toHaveCount(0);
    await expectAccessible(page, "sidebar expandida, menu do usuário aberto");
  });

  test("[SHELL]: the admin can open the 'Em Breve' areas and the admin area", async ({ page }) => {
    await loginViaApi(page, ADMIN);
    const nav = page.getByRole("navigation", { name: "Navegação principal" });
    await expect(nav.getByText("Em Breve")).toHaveCount(0);
    await nav.getByRole("link", { name: "Campanhas" }).click();
    await expect(page).toHaveURL(/\/campanhas$/);
    await expect(page.getByRole("heading", { name: "Campanhas" })).toBeVisible();
    await expectAccessible(page, "campanhas (admin)");
    await page.getByRole("button", { name: "Menu do usuário" }).click();
    await page.getByRole("menuitem", { name: "Mudar para o admin" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Painel do administrador" })).toBeVisible();
    await expectAccessible(page, "painel do administrador");
  });

  test("[SHELL]: an admin route is refused to a normal user", async ({ page, signedIn }) => {
    void signedIn;
    await page.goto("/admin/usuarios");
    await expect(page.getByText("Acesso restrito a administradores.")).toBeVisible();
    await expect(page.getByTestId("sidebar")).toHaveCount(0);
    await expectAccessible(page, "acesso restrito");
  });

  test("[SHELL]: unknown paths show '404 Page Not Found'", async ({ page }) => {
    await page.goto("/esta-pagina-nao-existe");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expectAccessible(page, "404");
  });

  test("[SHELL]: /workspace/{id} redirects to /workspace and /workspace/{id}/dashboard to /dashboard", async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto("/workspace/abc-123/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/workspace/abc-123");
    await expect(page).toHaveURL(/\/workspace$/);
    await expect(page.getByRole("region", { name: "Membros" })).toBeVisible();
    await expectAccessible(page, "workspace");
  });

  test("[SHELL]: 'Reportar Bug' opens the bug dialog with the empty-state rule", async ({ page, loggedIn }) => {
    void loggedIn;
    await page.getByRole("button", { name: "Menu do usuário" }).click();
    await page.getByRole("menuitem", { name: "Reportar Bug" }).click();
    const dialog = page.getByRole("dialog", { name: "Reportar Bug" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Por favor, descreva o problema ou anexe um arquivo/vídeo.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Enviar Bug Report" })).toBeDisabled();
    await expectAccessible(page, "diálogo Reportar Bug, vazio");
    await dialog.getByLabel("Descrição do problema").fill("O gráfico não carrega");
    await expect(dialog.getByRole("button", { name: "Enviar Bug Report" })).toBeEnabled();
    await expectAccessible(page, "diálogo Reportar Bug, preenchido");

    // Esc closes the dialog and focus returns to the menu button that opened it.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Menu do usuário" })).toBeFocused();
  });
});
