import { ADMIN, arrangeAgent, expect, loggedInApi, readOutbox, signInViaApi, test, uniqueEmail } from "./fixtures";
import { expectAccessible } from "./support/axe";

/** Admin tRPC mutation (superjson body) through a logged-in API context. */
async function adminMutate(baseURL: string, path: string, input: unknown) {
  const { api } = await loggedInApi(baseURL, ADMIN);
  const state = await api.storageState();
  const csrf = state.cookies.find((c) => c.name === "atenda_csrf")?.value ?? "";
  const res = await api.post(`/trpc/${path}`, { headers: { "x-csrf-token": csrf }, data: { json: input } });
  expect(res.ok(), await res.text()).toBeTruthy();
  await api.dispose();
}

test.describe("[N8N / WEB SEARCH / EMAIL]", () => {
  test("[N8N]: the admin switches n8n off and sets the Tavily key; the agent's cards show it, and a workflow is validated and saved once n8n is back on", async ({ browser, page, user, signedIn, baseURL }) => {
    void signedIn;
    const base = baseURL ?? "";
    const agent = await arrangeAgent(base, user, { name: "Nina do n8n", activity: "Atendimento" });

    const adminPage = await browser.newPage();
    try {
      await signInViaApi(adminPage, ADMIN);
      await adminPage.goto("/admin/configuracoes");
      const n8nAdmin = adminPage.getByRole("region", { name: "Automações com n8n" });
      await n8nAdmin.getByLabel("Permitir workflows do n8n").uncheck();
      await n8nAdmin.getByRole("button", { name: "Salvar" }).click();
      await expect(n8nAdmin.getByText("Salvo")).toBeVisible();
      await expectAccessible(adminPage, "configurações do admin");

      const search = adminPage.getByRole("region", { name: "Busca na web" });
      await search.getByLabel("Resultados por busca").fill("11");
      await search.getByRole("button", { name: "Salvar" }).click();
      await expect(search.getByText("No máximo 10 resultados")).toBeVisible();
      await search.getByLabel("Resultados por busca").fill("4");
      await search.getByLabel("Chave de API").fill("tvly-e2e-segredo");
      await search.getByRole("button", { name: "Salvar" }).click();
      await expect(search.getByText("Salvo")).toBeVisible();
      await expect(search.getByLabel("Chave de API")).toHaveValue("");
      await expect(search.getByText("••• definida — deixe em branco para manter")).toBeVisible();
      await expect(adminPage.getByText("tvly-e2e-segredo")).toHaveCount(0);
    } finally {
      await adminPage.close();
    }

    try {
      await page.goto(`/agent/${agent.id}#integracoes`);
      const n8n = page.getByRole("region", { name: "n8n", exact: true });
      await expect(n8n.getByText("A integração com o n8n está desativada pelo administrador da plataforma.", { exact: false })).toBeVisible();
      await expect(n8n.getByLabel("URL do servidor n8n")).toBeDisabled();

      const web = page.getByRole("region", { name: "Busca na web", exact: true });
      await expect(web.getByText("Chave configurada pelo administrador (Tavily)", { exact: false })).toBeVisible();
      await expect(web.getByText("Desativada", { exact: true })).toBeVisible();
      await web.getByLabel("Pesquisar na web").check();
      await expect(page.getByText("Pesquisa na web ligada")).toBeVisible();
      await expect(web.getByText("Ativa", { exact: true })).toBeVisible();
    } finally {
      await adminMutate(base, "n8n.global.save", { enabled: true });
    }

    await page.reload();
    const n8n = page.getByRole("region", { name: "n8n", exact: true });
    await expect(n8n.getByLabel("URL do servidor n8n")).toBeEnabled();
    await n8n.getByRole("button", { name: "Adicionar workflow" }).click();
    await n8n.getByRole("button", { name: "Salvar" }).click();
    await expect(n8n.getByText("URL do servidor n8n inválida")).toBeVisible();
    await expect(n8n.getByText("Tag deve ter pelo menos 2 caracteres")).toBeVisible();
    await n8n.getByLabel("URL do servidor n8n").fill("https://n8n.exemplo.com.br");
    await n8n.getByLabel("Token (valor do cabeçalho)").fill("token-e2e");
    await n8n.getByLabel("Tag").fill("lead");
    await n8n.getByLabel("Nome", { exact: true }).fill("Cadastrar lead");
    await n8n.getByLabel("Caminho do webhook").fill("cadastrar-lead");
    await expect(n8n.getByText("https://n8n.exemplo.com.br/webhook/cadastrar-lead")).toBeVisible();
    await n8n.getByLabel("Quando usar (instrução para a IA)").fill("Use quando o cliente pedir contato de um vendedor.");
    await n8n.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Integração com o n8n salva")).toBeVisible();
    await expect(n8n.getByText("Salvo")).toBeVisible();
    await expect(n8n.getByText("Ativa", { exact: true })).toBeVisible();
    await expect(n8n.getByLabel("Token (valor do cabeçalho)")).toHaveValue("");
    await expect(n8n.getByRole("button", { name: "Testar" })).toBeEnabled();
  });

  test("[EMAIL]: recipients are validated, saved and a test e-mail reaches the platform outbox", async ({ page, user, signedIn, baseURL }) => {
    void signedIn;
    const base = baseURL ?? "";
    const agent = await arrangeAgent(base, user, { name: "Edu do E-mail", activity: "Atendimento" });
    await page.goto(`/agent/${agent.id}#integracoes`);
    const card = page.getByRole("region", { name: "E-mail para a empresa" });
    await card.getByRole("button", { name: "Salvar" }).click();
    await expect(card.getByText("Informe pelo menos um destinatário")).toBeVisible();
    await card.getByLabel("Destinatário 1").fill("não-é-email");
    await expect(card.getByText("E-mail inválido")).toBeVisible();
    await expectAccessible(page, "integrações, e-mail com destinatário inválido");
    const to = uniqueEmail("equipe");
    await card.getByLabel("Destinatário 1").fill(to);
    await card.getByLabel("Usar meu próprio servidor SMTP").check();
    await card.getByRole("button", { name: "Salvar" }).click();
    await expect(card.getByText("Informe o servidor SMTP")).toBeVisible();
    await card.getByLabel("Usar meu próprio servidor SMTP").uncheck();
    await card.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("E-mail para a empresa salvo")).toBeVisible();
    await expect(card.getByText("Salvo")).toBeVisible();
    await card.getByRole("button", { name: "Testar" }).click();
    await expect(card.getByRole("status").filter({ hasText: "E-mail de teste" })).toBeVisible();
    await expectAccessible(page, "integrações, e-mail testado");
    await expect.poll(async () => (await readOutbox(base, to)).map((m) => m.subject)).toContain("Teste de e-mail — Edu do E-mail");
  });
});
