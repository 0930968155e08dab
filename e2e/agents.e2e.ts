import type { Page } from "@playwright/test";
import { arrangeAgent, expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

const section = (page: Page, name: string) => page.getByRole("navigation", { name: "Seções do agente" }).getByRole("button", { name: new RegExp(`^${name}`) });

test.describe("[AGENTS]", () => {
  test("[AGENTS]: the empty list invites the first agent; the create dialog shows the pt-BR validation messages", async ({ page, loggedIn }) => {
    void loggedIn;
    await page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Meus Agentes" }).click();
    await expect(page.getByRole("heading", { name: "Meus Agentes" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Crie seu primeiro agente" })).toBeVisible();
    await expectAccessible(page, "agentes, vazio");
    await page.getByRole("button", { name: "Criar primeiro agente" }).click();

    const dialog = page.getByRole("dialog", { name: "Novo agente" });
    await dialog.getByLabel("Nome do agente").fill(" A ");
    await dialog.getByRole("button", { name: "Criar agente" }).click();
    await expect(dialog.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
    await expect(dialog.getByText("Atividade deve ter pelo menos 2 caracteres")).toBeVisible();
    await expect(dialog.getByLabel("Atividade")).toHaveAccessibleDescription(/Atividade deve ter pelo menos 2 caracteres/);
    await expectAccessible(page, "diálogo Novo agente, com erros");
    await dialog.getByLabel("Nome do agente").fill("x".repeat(101));
    await expect(dialog.getByText("Nome deve ter no máximo 100 caracteres")).toBeVisible();

    await dialog.getByLabel("Nome do agente").fill("  Ana   Atendente ");
    await dialog.getByLabel("Atividade").fill("Atendimento da loja");
    await dialog.getByRole("button", { name: "Criar agente" }).click();
    await expect(page.getByText("Agente criado!")).toBeVisible();
    await expect(page).toHaveURL(/\/agent\/[0-9a-f-]{36}$/);
    // Trimmed and whitespace-collapsed by the shared contract.
    await expect(page.getByRole("heading", { name: "Ana Atendente" })).toBeVisible();
    await expect(page.getByLabel("Nome do agente")).toHaveValue("Ana Atendente");
    await expectAccessible(page, "editor do agente, novo");
  });

  test("[A11Y]: a field the server refuses in 'Novo agente' shows its pt-BR message under that field", async ({ page, signedIn }) => {
    void signedIn;
    await page.goto("/agents");
    // The dialog checks the same contract first, so the request is altered on its way to the server.
    const shorten = (v: unknown): unknown =>
      v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === "activity" ? "A" : shorten(x)])) : v;
    await page.route("**/trpc/agents.create**", (route) => route.continue({ postData: JSON.stringify(shorten(route.request().postDataJSON())) }));
    await page.getByRole("button", { name: "Criar primeiro agente" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo agente" });
    await dialog.getByLabel("Nome do agente").fill("Ana");
    await dialog.getByLabel("Atividade").fill("Atendimento");
    await dialog.getByRole("button", { name: "Criar agente" }).click();
    const activity = dialog.getByLabel("Atividade");
    await expect(activity).toHaveAttribute("aria-invalid", "true");
    await expect(activity).toHaveAccessibleDescription("Atividade deve ter pelo menos 2 caracteres");
    // Under the field, not repeated in the banner.
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await expectAccessible(page, "diálogo Novo agente, campo recusado pelo servidor");
    await activity.fill("Atendimento da loja");
    await expect(activity).toHaveAttribute("aria-invalid", "false");
  });

  test("[AGENTS]: the free plan's agent limit is shown from the server in the create dialog", async ({ page, signedIn, baseURL }) => {
    await arrangeAgent(baseURL ?? "", signedIn, { name: "Primeiro", activity: "Vendas" });
    await page.goto("/agents");
    await expect(page.getByRole("article", { name: "Primeiro" })).toBeVisible();
    await expectAccessible(page, "agentes, com dados");
    await page.getByRole("button", { name: "Novo agente" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo agente" });
    await dialog.getByLabel("Nome do agente").fill("Segundo");
    await dialog.getByLabel("Atividade").fill("Suporte");
    await dialog.getByRole("button", { name: "Criar agente" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Seu plano Gratuito permite até 1 agente");
    await expectAccessible(page, "diálogo Novo agente, limite do plano");
  });

  test("[AGENTS]: toggle active and delete with confirmation, with the spec's toasts", async ({ page, signedIn, baseURL }) => {
    await arrangeAgent(baseURL ?? "", signedIn, { name: "Bia", activity: "Recepção" });
    await page.goto("/agents");
    const card = page.getByRole("article", { name: "Bia" });
    const toggle = card.getByRole("checkbox", { name: "Agente Bia ativo" });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(page.getByText("Status atualizado")).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expect(card.getByText("Inativo")).toBeVisible();

    await card.getByRole("button", { name: "Excluir Bia" }).click();
    const confirm = page.getByRole("dialog", { name: "Excluir agente" });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, "confirmação Excluir agente");
    // Esc closes the dialog and focus returns to the button that opened it.
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(card.getByRole("button", { name: "Excluir Bia" })).toBeFocused();
    await card.getByRole("button", { name: "Excluir Bia" }).click();
    await confirm.getByRole("button", { name: "Cancelar" }).click();
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: "Excluir Bia" }).click();
    await confirm.getByRole("button", { name: "Excluir agente" }).click();
    await expect(page.getByText("Agente excluído")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Crie seu primeiro agente" })).toBeVisible();
  });

  test("[AGENTS]: a 401 on toggle says 'Unauthorized' and goes to login", async ({ page, signedIn, baseURL }) => {
    await arrangeAgent(baseURL ?? "", signedIn, { name: "Caio", activity: "Vendas" });
    await page.goto("/agents");
    await page.route("**/api/v1/agents/*/toggle", (r) => r.fulfill({ status: 401, json: { error: { code: "UNAUTHORIZED", message: "Não autenticado" } } }));
    // The toast is up 500 ms before the page goes to /login: on a busy machine the second check
    // could come after that, so the navigation is held until both texts have been seen.
    let release = () => {};
    const seen = new Promise<void>((r) => {
      release = r;
    });
    await page.route((url) => url.pathname === "/login", async (route) => {
      await seen;
      await route.continue();
    });
    await page.getByRole("checkbox", { name: "Agente Caio ativo" }).click();
    await expect(page.getByText("Unauthorized")).toBeVisible();
    await expect(page.getByText("You are logged out. Logging in again...")).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/(login|dashboard)$/);
  });

  test("[AGENTS]: edit and save a section; reload shows the saved value; invalid fields show the contract's messages", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Duda", activity: "Padaria" });
    await page.goto(`/agent/${agent.id}`);
    await section(page, "Empresa").click();
    const form = page.getByRole("form", { name: "Empresa" });
    await form.getByLabel("Nome da empresa").fill("P");
    await form.getByLabel("Site da empresa").fill("padaria sem protocolo");
    await form.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(form.getByText("Nome da empresa deve ter pelo menos 2 caracteres")).toBeVisible();
    await expect(form.getByText("URL inválida")).toBeVisible();
    await expect(form.getByLabel("Site da empresa")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "editor do agente, Empresa com erros");

    await form.getByLabel("Nome da empresa").fill("  Padaria   Pão Quente ");
    await form.getByLabel("Site da empresa").fill("https://paoquente.com.br");
    await form.getByLabel("Detalhes da empresa").fill("Abrimos de segunda a sábado, das 7h às 19h.");
    await form.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Alterações salvas")).toBeVisible();
    await expect(form.getByLabel("Nome da empresa")).toHaveValue("Padaria Pão Quente");

    await page.reload();
    await expect(page.getByRole("form", { name: "Empresa" }).getByLabel("Nome da empresa")).toHaveValue("Padaria Pão Quente");
    await expect(page.getByLabel("Detalhes da empresa")).toHaveValue("Abrimos de segunda a sábado, das 7h às 19h.");
  });

  test("[AGENTS]: unsaved edits are guarded when leaving the section or the page", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Edu", activity: "Oficina" });
    // Reached inside the app, so Back is an in-app (popstate) navigation.
    await page.goto("/agents");
    await page.getByRole("article", { name: "Edu" }).getByRole("link", { name: "Editar" }).click();
    await page.getByLabel("Tom de voz").fill("direto e simpático");
    await expect(page.getByText("• Alterações não salvas")).toBeVisible();

    await section(page, "Mensagens").click();
    const guard = page.getByRole("dialog", { name: "Alterações não salvas" });
    await expect(guard).toBeVisible();
    await expectAccessible(page, "diálogo Alterações não salvas");
    await guard.getByRole("button", { name: "Continuar editando" }).click();
    await expect(page.getByLabel("Tom de voz")).toHaveValue("direto e simpático");

    await page.getByRole("navigation", { name: "Navegação principal" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(guard).toBeVisible();
    await guard.getByRole("button", { name: "Continuar editando" }).click();
    await expect(page).toHaveURL(new RegExp(`/agent/${agent.id}`));

    // Back button: the page stays and asks first.
    await page.goBack();
    await expect(guard).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/agent/${agent.id}`));
    await guard.getByRole("button", { name: "Continuar editando" }).click();

    // Reload or close: the browser's own prompt.
    let prompted = "";
    page.once("dialog", async (d) => {
      prompted = d.type();
      await d.dismiss();
    });
    await page.reload({ timeout: 3000 }).catch(() => undefined);
    expect(prompted).toBe("beforeunload");
    await expect(page.getByLabel("Tom de voz")).toHaveValue("direto e simpático");

    await section(page, "Mensagens").click();
    await guard.getByRole("button", { name: "Descartar alterações" }).click();
    await expect(page.getByRole("form", { name: "Mensagens" })).toBeVisible();
  });

  test("[AGENTS]: personality presets, conversation defaults and follow-up steps", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Fabi", activity: "Clínica" });
    await page.goto(`/agent/${agent.id}#personalidade`);
    await page.getByRole("button", { name: /Suporte técnico paciente/ }).click();
    await expect(page.getByLabel("Papel do agente")).toHaveValue("Especialista de suporte paciente e didático");
    await page.getByRole("radio", { name: "Avançado" }).click();
    await page.getByRole("form", { name: "Personalidade" }).getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Personalidade avançada deve ter pelo menos 20 caracteres")).toBeVisible();
    await page.getByLabel("Personalidade avançada").fill("Você é a recepcionista da clínica e fala com calma.");
    await page.getByRole("form", { name: "Personalidade" }).getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Alterações salvas")).toBeVisible();

    await section(page, "Conversa").click();
    const conv = page.getByRole("form", { name: "Conversa" });
    // §9 defaults, as stored by the server.
    await expect(conv.getByLabel("Usar emojis")).toBeChecked();
    await expect(conv.getByLabel("Pesquisar na web")).not.toBeChecked();
    await expect(conv.getByLabel("Tempo de resposta")).toHaveValue("5");
    await expect(conv.getByLabel("Limite de interações por atendimento")).toHaveValue("100 interações");
    await expect(conv.getByLabel("Ao atingir o limite")).toHaveValue("Bloquear por 1 hora");
    await expect(conv.getByLabel("Fuso horário")).toHaveValue("America/Sao_Paulo");

    await conv.getByRole("button", { name: "Adicionar etapa" }).click();
    await conv.getByRole("button", { name: "Adicionar etapa" }).click();
    const steps = conv.getByRole("list", { name: "Etapas de follow-up" }).getByRole("listitem");
    await expect(steps).toHaveCount(2);
    await steps.nth(0).getByLabel("Mensagem").fill("Oi! Ainda está por aí?");
    await steps.nth(1).getByLabel("Mensagem").fill("x".repeat(513));
    await conv.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(conv.getByText("Mensagem deve ter no máximo 512 caracteres")).toBeVisible();
    await steps.nth(1).getByLabel("Mensagem").fill("Vou encerrar por aqui, até logo!");
    await conv.getByRole("button", { name: "Mover etapa 2 para cima" }).click();
    await expect(steps.nth(0).getByLabel("Mensagem")).toHaveValue("Vou encerrar por aqui, até logo!");
    await conv.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Alterações salvas")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("list", { name: "Etapas de follow-up" }).getByRole("listitem").nth(0).getByLabel("Mensagem")).toHaveValue(
      "Vou encerrar por aqui, até logo!",
    );
  });

  test("[AGENTS]: advanced mode takes custom sections, validated and kept after a reload", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Gabi", activity: "Loja" });
    await page.goto(`/agent/${agent.id}#personalidade`);
    const form = page.getByRole("form", { name: "Personalidade" });
    await page.getByRole("radio", { name: "Avançado" }).click();
    await page.getByLabel("Personalidade avançada").fill("Você é a vendedora da loja e fala de forma simpática.");
    await form.getByRole("button", { name: "Adicionar seção" }).click();
    await page.getByLabel("Título da seção 1").fill("P");
    await page.getByLabel("Conteúdo da seção 1").fill("Nunca ofereça desconto acima de 10%.");
    await form.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(form.getByText("Título deve ter pelo menos 2 caracteres")).toBeVisible();
    await page.getByLabel("Título da seção 1").fill("Política de preços");
    await form.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Alterações salvas")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Título da seção 1")).toHaveValue("Política de preços");
    await expect(page.getByLabel("Conteúdo da seção 1")).toHaveValue("Nunca ofereça desconto acima de 10%.");
  });

  test("[AGENTS]: intents are created with the contract's rules and webhook defaults", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Gui", activity: "Loja" });
    await page.goto(`/agent/${agent.id}#intencoes`);
    await expect(page.getByText("O agente usa as intenções ativas durante a conversa")).toBeVisible();
    await page.getByRole("button", { name: "Nova intenção" }).click();
    const form = page.getByRole("form", { name: "Nova intenção" });
    await form.getByRole("button", { name: "Criar intenção" }).click();
    await expect(form.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
    await expect(form.getByText("Descrição deve ter pelo menos 10 caracteres")).toBeVisible();
    await expect(form.getByText("Adicione pelo menos 1 exemplo")).toBeVisible();
    await expect(form.getByText("Resposta é obrigatória")).toBeVisible();

    await form.getByLabel("Nome da intenção").fill("Rastrear pedido");
    await form.getByLabel("Descrição").first().fill("Quando o cliente quer saber onde está o pedido.");
    const examples = form.getByLabel("Exemplos de frases do cliente");
    await examples.fill("Cadê meu pedido?");
    await examples.press("Enter");
    await form.getByText("Chamar um webhook").click();
    await expect(form.getByLabel("Tempo limite")).toHaveValue("5");
    await expect(form.getByLabel("Tentativas")).toHaveValue("3");
    await expect(form.getByLabel("Método")).toHaveValue("POST");
    await form.getByLabel("URL do webhook").fill("https://loja.example/rastreio");
    await form.getByRole("button", { name: "Criar intenção" }).click();
    await expect(page.getByText("Intenção criada")).toBeVisible();
    const item = page.getByRole("list", { name: "Lista de intenções" }).getByRole("listitem");
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("Rastrear pedido");
    await expect(item).toContainText("Chamar um webhook");
  });

  test("[AGENTS]: Modelo explains 'modo offline' and the preview answers through the same runtime", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Helô", activity: "Pet shop" }, { companyDetails: "O banho e tosa custa R$ 60 para cães pequenos." });
    await page.goto(`/agent/${agent.id}#modelo`);
    await expect(page.getByText("modo offline", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("o agente responde apenas a partir dos próprios textos")).toBeVisible();

    await page.getByRole("button", { name: "Testar agente" }).click();
    const panel = page.getByRole("complementary", { name: "Testar agente" });
    await panel.getByLabel("Mensagem de teste").fill("Quanto custa o banho e tosa?");
    await panel.getByLabel("Mensagem de teste").press("Enter");
    await expect(panel.getByText("O banho e tosa custa R$ 60 para cães pequenos.")).toBeVisible();
  });
});
