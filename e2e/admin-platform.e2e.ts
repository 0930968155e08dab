import { ADMIN, arrangeAgent, expect, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { E2E_META_APP, E2E_UAZAPI_ADMIN } from "./support/fakes-config";
import { runChannelFakes } from "./support/run-channel-fakes";

/**
 * The operator's platform channels and system status (issue 17, item 8): the own-server gateway is
 * saved and tested against the UAZAPI fake and a workspace connects through it; the Meta app is
 * saved and tested against the Graph fake; /admin/status shows its figures. Changes platform-wide
 * settings (playwright.config.ts GLOBAL); the gateway is switched off again at the end.
 */
const FAKES = runChannelFakes();

test.describe("[ADMIN PLATFORM]", () => {
  test("[ADMIN PLATFORM]: the UAZAPI gateway is saved without showing its token, tested, and a workspace connects through it", async ({ page, user, baseURL, browser }) => {
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/uazapi");
    await expect(page.getByRole("heading", { level: 1, name: "Servidor UAZAPI" })).toBeVisible();
    await expectAccessible(page, "servidor UAZAPI da plataforma");

    const form = page.getByRole("form", { name: "Servidor UAZAPI da plataforma" });
    await form.getByLabel("URL do servidor").fill("nao-e-url");
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(form.getByText("URL do servidor inválida")).toBeVisible();
    await expectAccessible(page, "servidor UAZAPI, com erro");

    await form.getByLabel("URL do servidor").fill(FAKES);
    await form.getByLabel("Admin token").fill(E2E_UAZAPI_ADMIN);
    await form.getByLabel("Instâncias por workspace").fill("1");
    await form.getByLabel("Oferecer aos workspaces").check();
    await form.getByRole("button", { name: "Testar conexão" }).click();
    await expect(form.getByRole("status")).toContainText("Conexão funcionando");
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Servidor da plataforma salvo")).toBeVisible();
    await expect(page.getByTestId("uazapi-platform-state")).toHaveText("Oferecido aos workspaces");
    await expect(form.getByLabel("Admin token")).toHaveValue("");
    await expect(form.getByText("••• definido — deixe em branco para manter")).toBeVisible();
    await expect(page.locator("body")).not.toContainText(E2E_UAZAPI_ADMIN);

    // A workspace owner (another browser context) sees the option on the agent's card and connects through it.
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Lia", activity: "Papelaria" });
    const ownerContext = await browser.newContext({ baseURL });
    const owner = await ownerContext.newPage();
    await signInViaApi(owner, user);
    await owner.goto(`/agent/${agent.id}#canais`);
    const card = owner.getByRole("region", { name: "WhatsApp (servidor próprio)" });
    await card.getByLabel("Servidor da plataforma").check();
    await expect(card.getByTestId("uazapi-platform-usage")).toHaveText("0 de 1 instância do servidor da plataforma em uso neste workspace.");
    await expect(card.getByLabel("URL do servidor")).toHaveCount(0);
    await card.getByLabel("Nome da instância").fill(`papelaria-${Date.now().toString(36)}`);
    await card.getByRole("button", { name: "Conectar" }).click();
    await expect(card.getByTestId("uazapi-status")).toHaveText("Aguardando QR code");
    await expect(card.getByText("Servidor da plataforma", { exact: true })).toBeVisible();
    await expectAccessible(owner, "canal pelo servidor da plataforma");
    await ownerContext.close();

    // Switched off again: other specs see the own-server card as before.
    await form.getByLabel("Oferecer aos workspaces").uncheck();
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByTestId("uazapi-platform-state")).toHaveText("Desligado");
  });

  test("[ADMIN PLATFORM]: the Meta app is saved and tested against the Graph, and /admin/status shows the system's figures", async ({ page }) => {
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/whatsapp-config");
    await expect(page.getByRole("heading", { level: 1, name: "Configuração do WhatsApp" })).toBeVisible();
    const form = page.getByRole("form", { name: "App da Meta da plataforma" });
    await form.getByLabel("App ID").fill("abc");
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(form.getByText("App ID deve ter só dígitos (5 a 20)")).toBeVisible();
    await form.getByLabel("App ID").fill(E2E_META_APP.id);
    await form.getByLabel("App secret").fill(E2E_META_APP.secret);
    await form.getByLabel("Verify token").fill("verificar-plataforma-e2e");
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Configuração do WhatsApp salva")).toBeVisible();
    await form.getByRole("button", { name: "Testar conexão" }).click();
    await expect(form.getByRole("status")).toHaveText(`Conexão com a Graph API funcionando: app "${E2E_META_APP.name}".`);
    await expect(page.locator("body")).not.toContainText(E2E_META_APP.secret);
    await expectAccessible(page, "configuração do WhatsApp");

    await page.goto("/admin/status");
    await expect(page.getByRole("heading", { level: 1, name: "Status do sistema" })).toBeVisible();
    await expect(page.getByTestId("figure-database")).toContainText("WAL:");
    await expect(page.getByTestId("figure-disk")).toContainText(/de \d/);
    await expect(page.getByTestId("figure-worker")).toContainText("Processador de tarefas");
    await expect(page.getByTestId("figure-errors")).toContainText("Erros na última hora");
    await expect(page.getByRole("heading", { name: "Conexões de canais" })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Uso do disco" })).toBeVisible();
    await expectAccessible(page, "status do sistema");
  });
});
