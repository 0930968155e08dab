import { arrangeAgent, expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

const HOURS = "O horário de funcionamento é de segunda a sábado, das 8h às 18h.";

test.describe("[AGENT FEEDBACK]", () => {
  test("[AGENT FEEDBACK]: a dislike from the public chat shows on the page and becomes a training text", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Joana", activity: "Padaria" }, { companyDetails: HOURS });

    // The customer dislikes an answer in the public chat, with a note.
    await page.goto(`/chat/${agent.id}`);
    const box = page.getByPlaceholder("Digite sua mensagem...");
    await box.fill("Vocês abrem no domingo?");
    await box.press("Enter");
    await expect(page.getByTestId("assistant-message").last()).not.toBeEmpty();
    await page.getByRole("button", { name: "Resposta insatisfatória" }).last().click();
    const dialog = page.getByRole("dialog", { name: "Feedback Negativo" });
    await dialog.getByLabel("Observação (opcional)").fill("Não respondeu sobre domingo");
    const sent = page.waitForResponse((r) => r.url().endsWith(`/agents/${agent.id}/feedback`));
    await dialog.getByRole("button", { name: "Enviar Feedback" }).click();
    expect((await sent).status()).toBe(201);

    // The owner reaches the page from the editor.
    await page.goto(`/agent/${agent.id}`);
    await page.getByRole("link", { name: "Feedback" }).click();
    await expect(page).toHaveURL(new RegExp(`/agent/${agent.id}/feedback$`));
    await expect(page.getByRole("heading", { name: "Joana", level: 1 })).toBeVisible();
    await expect(page.getByRole("img", { name: "Gráfico de avaliações positivas e negativas por dia" })).toBeVisible();
    await expect(page.getByTestId("feedback-totals")).toContainText("👎 Não gostei1");
    const item = page.getByRole("list", { name: "Avaliações" }).getByRole("listitem").first();
    await expect(item).toContainText("👎 Não gostei");
    await expect(item).toContainText("Vocês abrem no domingo?");
    await expect(item).toContainText("Não respondeu sobre domingo");
    await expect(item).toContainText("Em aberto");
    await expectAccessible(page, "feedback do agente");

    // Filters: only likes → empty; a search that matches → back.
    await page.getByLabel("Tipo").selectOption("like");
    await expect(page.getByText("Nenhuma avaliação encontrada com estes filtros.", { exact: false })).toBeVisible();
    await page.getByLabel("Tipo").selectOption("dislike");
    await page.getByLabel("Buscar na conversa").fill("domingo");
    await expect(item).toContainText("Vocês abrem no domingo?");

    // Resolve and reopen.
    await item.getByRole("button", { name: "Marcar como resolvido" }).click();
    await expect(item).toContainText("Resolvido");
    await item.getByRole("button", { name: "Reabrir" }).click();
    await expect(item).toContainText("Em aberto");

    // Turn it into a training text, with the corrected answer.
    await item.getByRole("button", { name: "Transformar em texto de treinamento" }).click();
    const train = page.getByRole("dialog", { name: "Transformar em texto de treinamento" });
    await expect(train.getByLabel("Resposta correta")).not.toHaveValue("");
    await expectAccessible(page, "feedback do agente, diálogo de treinamento");
    await train.getByLabel("Título").fill("Domingo fechado");
    await train.getByLabel("Resposta correta").fill("Aos domingos não abrimos; de segunda a sábado, das 8h às 18h.");
    await train.getByRole("button", { name: "Criar texto de treinamento" }).click();
    await expect(train).toBeHidden();
    const link = item.getByRole("link", { name: "Ver texto de treinamento: Domingo fechado" });
    await expect(link).toBeVisible();
    await expect(item).toContainText("Resolvido");
    await expect(item.getByRole("button", { name: "Transformar em texto de treinamento" })).toHaveCount(0);

    // The link opens the agent's training section, where the text is listed.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/agent/${agent.id}#treinamentos$`));
    await expect(page.getByText("Domingo fechado")).toBeVisible();
  });

  test("[AGENT FEEDBACK]: a switch of 'Recursos de IA' stays saved after a reload; the statement filter lists the new actions", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Rui", activity: "Loja" });
    await page.goto(`/agent/${agent.id}#recursos-ia`);
    const section = page.getByRole("region", { name: "Recursos de IA" });
    const memory = section.getByRole("checkbox", { name: "Memória do cliente" });
    // Off until chosen: each one costs credits online.
    await expect(memory).not.toBeChecked();
    await expect(section).toContainText("Memória do cliente");
    await expectAccessible(page, "editor do agente, recursos de IA");
    const saved = page.waitForResponse((r) => r.url().includes("agentAiFeatures.update"));
    await memory.check();
    expect((await saved).ok()).toBe(true);
    await expect(page.getByText("Recursos de IA salvos")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("region", { name: "Recursos de IA" }).getByRole("checkbox", { name: "Memória do cliente" })).toBeChecked();
    await expect(page.getByRole("region", { name: "Recursos de IA" }).getByRole("checkbox", { name: "Análise de sentimento" })).not.toBeChecked();

    await page.goto("/faturamento");
    const type = page.getByRole("region", { name: "Extrato de créditos" }).getByLabel("Tipo");
    for (const label of ["Análise de sentimento", "Memória do cliente", "Resumo de conversa", "Roteamento entre agentes", "Resumo para transferência"]) {
      await expect(type.getByRole("option", { name: label })).toHaveCount(1);
    }
  });
});
