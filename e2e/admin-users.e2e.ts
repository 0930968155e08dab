import { ADMIN, expect, loginViaApi, registerUser, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

/**
 * /admin/usuarios (issue 17): the admin finds a user, suspends them with a reason — the user's own
 * open browser is signed out on its next request and the login form says the account is suspended —
 * then reactivates them and the user signs in again.
 */
test.describe("[ADMIN USERS]", () => {
  test("[ADMIN USERS]: an admin suspends a user, whose other browser is signed out, then reactivates them", async ({ page, browser, baseURL }) => {
    const base = baseURL ?? "";
    const user = await registerUser(base, { firstName: "Renata", lastName: "Suspensa" });
    // The user's own browser, signed in and working.
    const userContext = await browser.newContext({ baseURL: base });
    const userPage = await userContext.newPage();
    await loginViaApi(userPage, user);

    await signInViaApi(page, ADMIN);
    await page.goto("/admin/usuarios");
    await expect(page.getByRole("heading", { level: 1, name: "Usuários" })).toBeVisible();
    await expectAccessible(page, "admin usuários");
    await page.getByLabel("Buscar").fill(user.email);
    const row = page.getByRole("row").filter({ hasText: user.email });
    await expect(row).toContainText("Ativo");
    await expect(page.getByRole("row")).toHaveCount(2);
    await row.getByRole("link", { name: "Renata Suspensa" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Renata Suspensa" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Workspace de Renata" })).toContainText("Proprietário");
    await expectAccessible(page, "detalhe do usuário");

    await page.getByRole("button", { name: "Suspender conta" }).click();
    const dialog = page.getByRole("dialog", { name: "Suspender conta?" });
    await dialog.getByRole("button", { name: "Suspender conta" }).click();
    await expect(dialog.getByText("O motivo precisa de pelo menos 5 caracteres")).toBeVisible();
    await expectAccessible(page, "suspender, sem motivo");
    await dialog.getByLabel("Motivo da suspensão").fill("Envio de mensagens em massa não solicitadas");
    await dialog.getByRole("button", { name: "Suspender conta" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Conta suspensa em")).toBeVisible();
    await expect(page.getByText("Motivo: Envio de mensagens em massa não solicitadas")).toBeVisible();
    await expectAccessible(page, "usuário suspenso");

    // The user's open browser: its next request finds no session, so it lands on the login page.
    await userPage.reload();
    await expect(userPage).toHaveURL(/\/login$/);
    await userPage.getByLabel("Email").fill(user.email);
    await userPage.getByLabel("Senha", { exact: true }).fill(user.password);
    await userPage.getByRole("button", { name: "Fazer login" }).click();
    await expect(userPage.getByText("Sua conta está suspensa. Entre em contato com o suporte para saber mais.")).toBeVisible();
    await expect(userPage).toHaveURL(/\/login$/);

    await page.getByRole("button", { name: "Reativar conta" }).click();
    await page.getByRole("dialog", { name: "Reativar conta?" }).getByRole("button", { name: "Reativar conta" }).click();
    await expect(page.getByText("Conta suspensa em")).toBeHidden();
    await expect(page.getByRole("button", { name: "Suspender conta" })).toBeVisible();

    await userPage.getByRole("button", { name: "Fazer login" }).click();
    await expect(userPage).toHaveURL(/\/dashboard$/);
    await userContext.close();
  });
});
