import { expect, linkFromOutbox, loginViaUI, PASSWORD, registerUser, test, uniqueEmail } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("[AUTH]", () => {
  test("[AUTH]: register formats the phone, gates the button and lands on the dashboard", async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByRole("heading", { name: "Criar conta" })).toBeVisible();
    await expectAccessible(page, "cadastro, vazio");
    const submit = page.getByRole("button", { name: "Criar conta" });
    const phone = page.getByLabel("WhatsApp");

    await expect(phone).toHaveValue("+55 ");
    await phone.click();
    await page.keyboard.press("End");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await expect(phone).toHaveValue("+55 ");

    await page.getByLabel("Nome", { exact: true }).fill("J");
    await page.getByLabel("Sobrenome").click();
    await expect(page.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
    // The error is tied to its field, so a screen reader reads it with the field.
    await expect(page.getByLabel("Nome", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Nome", { exact: true })).toHaveAccessibleDescription("Nome deve ter pelo menos 2 caracteres");
    await expectAccessible(page, "cadastro, com erro de campo");
    await page.getByLabel("Nome", { exact: true }).fill("Joana");
    await page.getByLabel("Sobrenome").fill("Pereira");
    await page.getByLabel("Email").fill(uniqueEmail("register"));
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);

    await phone.click();
    await page.keyboard.press("End");
    await page.keyboard.type("119876");
    await expect(phone).toHaveValue("+55 (11) 9876");
    await expect(submit).toBeDisabled();

    await page.keyboard.type("54321999");
    await expect(phone).toHaveValue("+55 (11) 98765-4321");
    expect((await phone.inputValue()).length).toBeLessThanOrEqual(19);
    await expect(submit).toBeEnabled();

    await submit.click();
    await expect(page.getByText("Conta criada com sucesso!")).toBeVisible();
    await expect(page.getByText(/Bem-vindo à Atenda/)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("[A11Y]: a field the server refuses shows its pt-BR message under that field, read with it", async ({ page }) => {
    await page.goto("/register");
    // The browser checks the same contract first, so the request is altered on its way to the server.
    await page.route("**/api/v1/auth/register", (route) => route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), firstName: "J" }) }));
    await page.getByLabel("Nome", { exact: true }).fill("Joana");
    await page.getByLabel("Sobrenome").fill("Pereira");
    await page.getByLabel("WhatsApp").pressSequentially("21912345678");
    await page.getByLabel("Email").fill(uniqueEmail("server-field"));
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    const refused = page.waitForResponse((r) => r.url().endsWith("/api/v1/auth/register"));
    await page.getByRole("button", { name: "Criar conta" }).click();
    const body = (await (await refused).json()) as { error: { message: string; field: string } };
    expect(body.error).toMatchObject({ message: "Nome deve ter pelo menos 2 caracteres", field: "firstName" });
    const name = page.getByLabel("Nome", { exact: true });
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Nome deve ter pelo menos 2 caracteres");
    await expect(page.getByText("Erro ao criar conta")).toBeVisible();
    await expectAccessible(page, "cadastro, campo recusado pelo servidor");
    // Editing the field clears the server's message.
    await name.fill("Joanna");
    await expect(name).toHaveAttribute("aria-invalid", "false");
    await expect(name).toHaveAccessibleDescription("");
  });

  test("[AUTH]: register with an email in use shows 'Erro ao criar conta'", async ({ page, user }) => {
    await page.goto("/register");
    await page.getByLabel("Nome", { exact: true }).fill("Outra");
    await page.getByLabel("Sobrenome").fill("Pessoa");
    await page.getByLabel("WhatsApp").pressSequentially("21912345678");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByText("Erro ao criar conta")).toBeVisible();
    await expect(page.getByText("Este email já está sendo usado. Tente fazer login ou use outro email.")).toBeVisible();
    await expectAccessible(page, "cadastro, email em uso (toast)");
  });

  test("[AUTH]: login button waits for a valid email and a 4+ char password; wrong password says 'Credenciais inválidas'", async ({
    page,
    user,
  }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Faça login na sua conta" })).toBeVisible();
    await expectAccessible(page, "login, vazio");
    const button = page.getByRole("button", { name: "Fazer login" });
    await expect(button).toBeDisabled();
    await page.getByLabel("Email").fill("nao-e-email");
    await page.getByLabel("Senha", { exact: true }).fill("12345");
    await expect(button).toBeDisabled();
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Senha", { exact: true }).fill("123");
    await expect(button).toBeDisabled();

    const password = page.getByLabel("Senha", { exact: true });
    await password.fill("senha-errada");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Mostrar senha" }).click();
    await expect(password).toHaveAttribute("type", "text");

    await button.click();
    await expect(page.getByText("Credenciais inválidas")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible(page, "login, credenciais inválidas");
  });

  test("[AUTH]: remember-me keeps the email after logout, which shows 'Saindo...' and lands on /login", async ({ page, user }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Senha", { exact: true }).fill(user.password);
    await page.getByLabel("Lembrar de mim").check();
    await page.getByRole("button", { name: "Fazer login" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole("button", { name: "Menu do usuário" }).click();
    // The overlay lives from the click until the next page commits (~250 ms). A Playwright wait on the
    // page would move to the next document once the navigation starts (and, with /login held, never
    // see it): the page itself reports the overlay from a MutationObserver, and /login is held until then.
    let markSeen = () => {};
    const overlaySeen = new Promise<void>((resolve) => {
      markSeen = resolve;
    });
    await page.exposeFunction("overlaySeenByTest", () => markSeen());
    await page.evaluate(() => {
      const report = () => {
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (shown, not only in the DOM)
        if (document.body.innerText.includes("Saindo...")) (window as unknown as { overlaySeenByTest: () => void }).overlaySeenByTest();
      };
      new MutationObserver(report).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const loginPage = (url: URL) => url.pathname === "/login";
    await page.route(loginPage, async (route) => {
      await overlaySeen;
      await route.continue();
    });
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await overlaySeen;
    await page.unroute(loginPage);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await expect(page.getByLabel("Lembrar de mim")).toBeChecked();

    // The session is gone: a protected page sends us back to /login.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("[AUTH]: without remember-me the login form starts empty after logout", async ({ page, user }) => {
    await loginViaUI(page, user.email, user.password);
    await page.getByRole("button", { name: "Menu do usuário" }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Email")).toHaveValue("");
  });

  test("[AUTH]: forgot password shows 'Verifique seu email!'", async ({ page, user }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Esqueceu a senha?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("link", { name: "Voltar para o login" })).toBeVisible();
    await expectAccessible(page, "esqueci a senha, vazio");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Enviar solicitação" }).click();
    await expect(page.getByRole("heading", { name: "Verifique seu email!" })).toBeVisible();
    await expect(page.getByText("Email enviado!")).toBeVisible();
    await expect(page.getByText("Verifique sua caixa de entrada")).toBeVisible();
    await expectAccessible(page, "esqueci a senha, enviado");
  });

  test("[AUTH]: the emailed reset link sets a new password that logs in", async ({ page, baseURL }) => {
    const user = await registerUser(baseURL ?? "");
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Enviar solicitação" }).click();
    await expect(page.getByRole("heading", { name: "Verifique seu email!" })).toBeVisible();
    await page.goto(await linkFromOutbox(baseURL ?? "", user.email, "/reset-password"));
    await expect(page.getByLabel("Nova senha", { exact: true })).toBeVisible();
    await expectAccessible(page, "redefinir senha");
    await page.getByLabel("Nova senha", { exact: true }).fill("novasenha1");
    await page.getByLabel("Confirmar nova senha").fill("novasenha1");
    await page.getByRole("button", { name: "Redefinir senha" }).click();
    await expect(page.getByRole("heading", { name: "Senha redefinida!" })).toBeVisible();
    await expectAccessible(page, "senha redefinida");
    await loginViaUI(page, user.email, "novasenha1");
  });

  test("[AUTH]: the emailed verification link verifies the account", async ({ page, baseURL }) => {
    const user = await registerUser(baseURL ?? "");
    await page.goto(await linkFromOutbox(baseURL ?? "", user.email, "/verify-email"));
    await expect(page.getByRole("heading", { name: "Email verificado!" })).toBeVisible();
    await expectAccessible(page, "email verificado");
  });

  test("[AUTH]: an unauthenticated visitor on a protected page goes to /login", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/, { timeout: 8000 });
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
  });
});
