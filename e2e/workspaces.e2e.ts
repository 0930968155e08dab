import { expect, linkFromOutbox, registerUser, test, uniqueEmail } from "./fixtures";
import { expectAccessible } from "./support/axe";

async function openWorkspaceList(page: import("@playwright/test").Page) {
  await page.getByRole("button", { name: /^Workspace:/ }).click();
  await page.getByRole("menuitem", { name: "Trocar workspace" }).click();
  const dialog = page.getByRole("dialog", { name: "Seus Workspaces" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("[WORKSPACES]", () => {
  test("[WORKSPACES]: create a workspace, then switch back with toasts", async ({ page, loggedIn }) => {
    const original = `Workspace de ${loggedIn.firstName}`;
    await expect(page.getByRole("button", { name: `Workspace: ${original}` })).toBeVisible();

    let dialog = await openWorkspaceList(page);
    await expect(dialog.getByRole("button", { name: new RegExp(original) }).getByText("Selecionado")).toBeVisible();
    await expectAccessible(page, "diálogo Seus Workspaces");
    await dialog.getByRole("button", { name: "Nova área de trabalho" }).click();

    const create = page.getByRole("dialog", { name: "Criar Workspace" });
    const name = create.getByLabel("Nome do workspace");
    const submit = create.getByRole("button", { name: "Criar", exact: true });
    await expect(submit).toBeDisabled();
    await expectAccessible(page, "diálogo Criar Workspace, vazio");
    await name.fill("   ");
    await expect(submit).toBeDisabled();
    await name.press("Enter");
    await expect(create).toBeVisible();
    await name.fill("  Loja Centro de Teste  ");
    await name.press("Enter");

    await expect(page.getByText("Workspace criado!")).toBeVisible();
    await expect(page.getByText('O workspace "Loja Centro de Teste" foi criado')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Names longer than 12 characters are cut to 12 plus an ellipsis.
    await expect(page.getByTestId("sidebar").getByText("Loja Centro …")).toBeVisible();

    dialog = await openWorkspaceList(page);
    await expect(dialog.getByRole("button", { name: /Loja Centro de Teste/ }).getByText("Selecionado")).toBeVisible();
    await dialog.getByRole("button", { name: new RegExp(original) }).click();
    await expect(page.getByText("Workspace atualizado!")).toBeVisible();
    await expect(page.getByText("Seus dados foram atualizados com sucesso")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: `Workspace: ${original}` })).toBeVisible();
  });

  test("[WORKSPACES]: the plan limit refusal shows inline in 'Criar Workspace'", async ({ page, loggedIn }) => {
    void loggedIn;
    // The free plan allows a limited number of workspaces; keep creating until the server refuses.
    for (let i = 0; i < 6; i++) {
      const dialog = await openWorkspaceList(page);
      await dialog.getByRole("button", { name: "Nova área de trabalho" }).click();
      const create = page.getByRole("dialog", { name: "Criar Workspace" });
      await create.getByLabel("Nome do workspace").fill(`Extra ${i}`);
      await create.getByRole("button", { name: "Criar", exact: true }).click();
      const refused = create.getByRole("alert");
      const outcome = async () => ((await refused.isVisible()) ? "refused" : (await create.isVisible()) ? "pending" : "created");
      await expect.poll(outcome).not.toBe("pending");
      if ((await outcome()) === "refused") {
        await expect(refused).toContainText("plano");
        await expect(create).toBeVisible();
        await expectAccessible(page, "diálogo Criar Workspace, limite do plano");
        return;
      }
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    throw new Error("o limite do plano nunca foi atingido");
  });

  test("[WORKSPACES]: invite a member and the invitee accepts after logging in", async ({ page, signedIn, baseURL, browser }) => {
    const invitee = await registerUser(baseURL ?? "", { email: uniqueEmail("convidado"), firstName: "Bruno" });
    await page.goto("/workspace");
    await expect(page.getByRole("heading", { name: `Workspace de ${signedIn.firstName}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Membros" }).getByText(signedIn.email)).toBeVisible();

    const form = page.getByRole("form", { name: "Convidar membro" });
    await expect(form.getByLabel("Função")).toHaveValue("member");
    await form.getByLabel("Email do convidado").fill(invitee.email);
    await form.getByLabel("Função").selectOption("viewer");
    await form.getByLabel("Criar agentes").check();
    await form.getByRole("button", { name: "Enviar convite" }).click();
    await expect(page.getByText("Convite enviado!")).toBeVisible();
    await expect(page.getByRole("list", { name: "Convites pendentes" }).getByText(invitee.email)).toBeVisible();
    await expectAccessible(page, "workspace, com convite pendente");

    const link = await linkFromOutbox(baseURL ?? "", invitee.email, "/convite");
    const ctx = await browser.newContext();
    const other = await ctx.newPage();
    await other.goto(link);
    await expect(other.getByTestId("invite-workspace-name")).toHaveText(`Workspace de ${signedIn.firstName}`);
    await expectAccessible(other, "convite, visitante sem sessão");
    await other.getByRole("link", { name: "Fazer login" }).click();
    await other.getByLabel("Email").fill(invitee.email);
    await other.getByLabel("Senha", { exact: true }).fill(invitee.password);
    await other.getByRole("button", { name: "Fazer login" }).click();
    await expect(other).toHaveURL(/\/convite\?token=/);
    await expect(other.getByRole("button", { name: "Aceitar convite" })).toBeVisible();
    await expectAccessible(other, "convite, com sessão");
    await other.getByRole("button", { name: "Aceitar convite" }).click();
    await expect(other.getByText("Convite aceito!")).toBeVisible();
    await expect(other).toHaveURL(/\/dashboard$/);
    await expect(other.getByRole("button", { name: `Workspace: Workspace de ${signedIn.firstName}` })).toBeVisible();
    await ctx.close();

    await page.reload();
    await expect(page.getByRole("region", { name: "Membros" }).getByText(invitee.email)).toBeVisible();
  });

  test("[WORKSPACES]: a new person invited by email registers from the invitation and joins", async ({ page, signedIn, baseURL, browser }) => {
    const email = uniqueEmail("novato");
    await page.goto("/workspace");
    const form = page.getByRole("form", { name: "Convidar membro" });
    await form.getByLabel("Email do convidado").fill(email);
    await form.getByRole("button", { name: "Enviar convite" }).click();
    await expect(page.getByText("Convite enviado!")).toBeVisible();

    const ctx = await browser.newContext();
    const other = await ctx.newPage();
    await other.goto(await linkFromOutbox(baseURL ?? "", email, "/convite"));
    await expect(other.getByTestId("invite-workspace-name")).toHaveText(`Workspace de ${signedIn.firstName}`);
    await other.getByRole("link", { name: "Criar conta" }).click();
    await other.getByLabel("Nome", { exact: true }).fill("Davi");
    await other.getByLabel("Sobrenome").fill("Lima");
    await other.getByLabel("WhatsApp").pressSequentially("31998877665");
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Senha", { exact: true }).fill("segredo123");
    await other.getByRole("button", { name: "Criar conta" }).click();
    await expect(other).toHaveURL(/\/convite\?token=/);
    await other.getByRole("button", { name: "Aceitar convite" }).click();
    await expect(other.getByText("Convite aceito!")).toBeVisible();
    await expect(other.getByRole("button", { name: `Workspace: Workspace de ${signedIn.firstName}` })).toBeVisible();
    await ctx.close();
  });
});
