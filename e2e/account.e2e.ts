import type { Browser, Page } from "@playwright/test";
import { expect, readOutbox, test, uniqueEmail } from "./fixtures";
import { expectAccessible } from "./support/axe";

/** A second browser (own cookie jar) signed in as `user` through a real login: a session of its own. */
async function secondBrowser(browser: Browser, baseURL: string, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await context.request.get("/api/v1/health");
  const csrf = (await context.cookies()).find((c) => c.name === "atenda_csrf")?.value ?? "";
  const res = await context.request.post("/api/v1/auth/login", { headers: { "x-csrf-token": csrf }, data: { ...user, rememberMe: false } });
  expect(res.ok(), await res.text()).toBeTruthy();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test.describe("[ACCOUNT]", () => {
  test("[ACCOUNT]: changing the password ends the other browser's session, this one stays", async ({ page, browser, baseURL, signedIn }) => {
    const other = await secondBrowser(browser, baseURL ?? "", signedIn);
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1, name: "Conta" })).toBeVisible();
    const sessions = page.getByRole("region", { name: "Sessões ativas" });
    await expect(sessions.getByRole("row")).toHaveCount(3);
    await expect(sessions.getByText("esta sessão")).toBeVisible();
    await expectAccessible(page, "/account");

    const form = page.getByRole("region", { name: "Senha", exact: true });
    await form.getByLabel("Senha atual").fill("senha-errada");
    await form.getByLabel("Nova senha", { exact: true }).fill("nova-senha-123");
    await form.getByLabel("Repita a nova senha").fill("nova-senha-123");
    await form.getByRole("button", { name: "Alterar senha" }).click();
    await expect(form.getByText("Senha atual incorreta.")).toBeVisible();

    await form.getByLabel("Senha atual").fill(signedIn.password);
    await form.getByRole("button", { name: "Alterar senha" }).click();
    await expect(page.getByText("Senha alterada")).toBeVisible();
    await expect(page.getByText("1 outra sessão foi encerrada.")).toBeVisible();
    await expect(sessions.getByRole("row")).toHaveCount(2);

    // The other browser's next request finds no session: it lands on the login page.
    await other.reload();
    await expect(other).toHaveURL(/\/login/, { timeout: 15_000 });
    await other.context().close();

    // This browser is still signed in.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Conta" })).toBeVisible();
  });

  test("[ACCOUNT]: the profile saves and the uploaded picture shows in the user menu", async ({ page, signedIn }) => {
    await page.goto("/account");
    const profile = page.getByRole("region", { name: "Perfil" });
    await profile.getByLabel("Nome", { exact: true }).fill("J");
    await profile.getByRole("button", { name: "Salvar perfil" }).click();
    await expect(profile.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
    await profile.getByLabel("Nome", { exact: true }).fill("Joana");
    await profile.getByRole("button", { name: "Salvar perfil" }).click();
    await expect(page.getByText("Perfil atualizado")).toBeVisible();
    await expect(page.getByRole("button", { name: /Menu do usuário/ })).toContainText(`Joana ${signedIn.lastName}`);

    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwnwEIGAEAJdUCAP+1zwQAAAAASUVORK5CYII=", "base64");
    await profile.getByLabel("Escolher foto de perfil").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: png });
    await expect(page.getByText("Foto atualizada")).toBeVisible();
    const menuAvatar = page.getByRole("button", { name: /Menu do usuário/ }).locator("img");
    // The picture comes through the shared image loader (a blob: URL); its protected path stays in data-src.
    await expect(menuAvatar).toHaveAttribute("data-src", /\/api\/v1\/users\/[0-9a-f-]+\/avatar\?v=\d+/);
    await expect.poll(() => menuAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page, "/account com foto");
  });

  test("[ACCOUNT]: a new email is confirmed by the link mailed to it, opened in another browser", async ({ page, browser, baseURL, signedIn }) => {
    const newEmail = uniqueEmail("novo");
    await page.goto("/account");
    const section = page.getByRole("region", { name: "Email", exact: true });
    await section.getByLabel("Novo email").fill(newEmail);
    await section.getByLabel("Senha atual").fill(signedIn.password);
    await section.getByRole("button", { name: "Enviar link de confirmação" }).click();
    await expect(page.getByText("Confirme o novo email")).toBeVisible();
    await expect(section.getByText(`Aguardando confirmação de ${newEmail}`)).toBeVisible();

    let link = "";
    await expect
      .poll(async () => {
        const mail = (await readOutbox(baseURL ?? "", newEmail)).find((m) => /type=email-change&token=/.test(m.text));
        const m = mail ? /https?:\/\/\S+\/verify-email\?type=email-change&token=[\w-]+/.exec(mail.text) : null;
        if (m) link = new URL(m[0]).pathname + new URL(m[0]).search;
        return link;
      })
      .not.toBe("");
    const context = await browser.newContext({ baseURL });
    const other = await context.newPage();
    await other.goto(link);
    await expect(other.getByRole("heading", { name: "Email alterado!" })).toBeVisible();
    await expectAccessible(other, "/verify-email troca de email");
    await context.close();

    await page.reload();
    await expect(section.getByText(newEmail)).toBeVisible();
    await expect(section.getByText("verificado", { exact: true })).toBeVisible();
  });
});
