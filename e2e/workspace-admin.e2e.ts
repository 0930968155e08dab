import { expect, linkFromOutbox, registerUser, signInViaApi, test, uniqueEmail } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("[WORKSPACE-ADMIN]", () => {
  test("[WORKSPACE-ADMIN]: the owner removes a member, who then cannot open the workspace", async ({ page, signedIn, baseURL, browser }) => {
    const ownerWorkspace = `Workspace de ${signedIn.firstName}`;
    const member = await registerUser(baseURL ?? "", { email: uniqueEmail("removido"), firstName: "Renato", lastName: "Alves" });

    await page.goto("/workspace");
    const form = page.getByRole("form", { name: "Convidar membro" });
    await form.getByLabel("Email do convidado").fill(member.email);
    await form.getByRole("button", { name: "Enviar convite" }).click();
    await expect(page.getByText("Convite enviado!")).toBeVisible();

    // The member, in a browser of their own, accepts and opens the owner's workspace.
    const ctx = await browser.newContext();
    const other = await ctx.newPage();
    await signInViaApi(other, member);
    await other.goto(await linkFromOutbox(baseURL ?? "", member.email, "/convite"));
    await other.getByRole("button", { name: "Aceitar convite" }).click();
    await expect(other.getByText("Convite aceito!")).toBeVisible();
    await other.goto("/workspace");
    await expect(other.getByRole("heading", { level: 1, name: ownerWorkspace })).toBeVisible();

    await page.reload();
    const members = page.getByRole("region", { name: "Membros" });
    await expect(members.getByText(member.email)).toBeVisible();
    await members.getByRole("button", { name: "Remover Renato Alves" }).click();
    const confirm = page.getByRole("dialog", { name: "Remover membro?" });
    await expect(confirm).toContainText("perde o acesso a este workspace imediatamente");
    await expectAccessible(page, "workspace, confirmação de remoção de membro");
    await confirm.getByRole("button", { name: "Remover" }).click();
    await expect(page.getByText("Membro removido")).toBeVisible();
    await expect(members.getByText(member.email)).toBeHidden();

    // Same open session on the member's side: the next load shows their own workspace, never the owner's.
    await other.goto("/workspace");
    await expect(other.getByRole("heading", { level: 1, name: "Workspace de Renato" })).toBeVisible();
    await other.getByRole("button", { name: /^Workspace:/ }).click();
    await other.getByRole("menuitem", { name: "Trocar workspace" }).click();
    const list = other.getByRole("dialog", { name: "Seus Workspaces" });
    await expect(list.getByRole("button", { name: /Workspace de Renato/ })).toBeVisible();
    await expect(list.getByRole("button", { name: new RegExp(ownerWorkspace) })).toHaveCount(0);
    await ctx.close();
  });

  test("[WORKSPACE-ADMIN]: rename, settings and the usage dashboard", async ({ page, signedIn }) => {
    void signedIn;
    await page.goto("/workspace");
    const info = page.getByRole("form", { name: "Dados do workspace" });
    const name = info.getByLabel("Nome do workspace");
    await name.fill("x");
    await info.getByRole("button", { name: "Salvar dados" }).click();
    await expect(info.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
    await name.fill("Loja Matriz");
    await info.getByLabel("Descrição").fill("Atendimento da loja principal");
    await info.getByRole("button", { name: "Salvar dados" }).click();
    await expect(page.getByText("Workspace atualizado!")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Loja Matriz" })).toBeVisible();

    const settings = page.getByRole("form", { name: "Configurações do workspace" });
    await settings.getByLabel("Permitir entrada pública").check();
    await settings.getByLabel("Fuso horário").selectOption("America/Manaus");
    await settings.getByRole("button", { name: "Salvar configurações" }).click();
    await expect(page.getByText("Configurações salvas!")).toBeVisible();
    await expectAccessible(page, "workspace, dados e configurações");

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Loja Matriz" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Configurações do workspace" }).getByLabel("Fuso horário")).toHaveValue("America/Manaus");
    await expect(page.getByRole("form", { name: "Configurações do workspace" }).getByLabel("Permitir entrada pública")).toBeChecked();
    // The owner sees the transfer and the danger zone; deletion asks for the exact name.
    await page.getByRole("button", { name: "Excluir workspace" }).click();
    const del = page.getByRole("dialog", { name: "Excluir workspace?" });
    const finalDelete = del.getByRole("button", { name: "Excluir definitivamente" });
    await expect(finalDelete).toBeDisabled();
    await del.getByLabel("Nome do workspace").fill("Loja");
    await expect(finalDelete).toBeDisabled();
    await expectAccessible(page, "workspace, confirmação de exclusão");
    await del.getByRole("button", { name: "Cancelar" }).click();

    await page.getByRole("link", { name: "Ver uso do workspace" }).click();
    await expect(page).toHaveURL(/\/workspace\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard do Workspace" })).toBeVisible();
    await expect(page.getByText("Dias contados no fuso America/Manaus.")).toBeVisible();
    await expect(page.getByRole("img", { name: "Gráfico de conversas por dia" })).toBeVisible();
    await page.getByRole("button", { name: "7 dias" }).click();
    await expect(page.getByRole("button", { name: "7 dias" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("nos últimos 7 dias").first()).toBeVisible();
    await expectAccessible(page, "dashboard do workspace");
  });
});
