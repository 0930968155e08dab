import type { Browser, Page } from "@playwright/test";
import { ADMIN, arrangeAgent, expect, loggedInApi, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

/**
 * Issue 18's scenario: an orchestration of a receptionist and two agents is built on the graph
 * (agents added, Recepção → Vendas and Recepção → Suporte connected with keyword rules); a sales
 * question and a support question sent to the receptionist's public chat are answered by the right
 * agent, and the inbox names that agent on each reply. Keyword rules route offline.
 */
const SALES = "Os planos custam a partir de R$ 99 por mês, à vista ou parcelado.";
const SUPPORT = "Para defeitos, a troca é feita em até 7 dias com o número do pedido.";

/** Drags from one node's source handle to another's target handle: the graph's own "connect". */
async function connect(page: Page, fromId: string, toId: string) {
  await page.getByTestId("orchestration-graph").evaluate((el) => el.scrollIntoView({ block: "center" }));
  const src = page.locator(`.react-flow__node[data-id="${fromId}"] .react-flow__handle.source`);
  const dst = page.locator(`.react-flow__node[data-id="${toId}"] .react-flow__handle.target`);
  const a = await src.boundingBox();
  const b = await dst.boundingBox();
  if (!a || !b) throw new Error("handles not on screen");
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

async function askInPublicChat(browser: Browser, baseURL: string, agentId: string, text: string, expected: string) {
  const ctx = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const chat = await ctx.newPage();
  await chat.goto(`/chat/${agentId}`);
  const box = chat.getByPlaceholder("Digite sua mensagem...");
  await box.fill(text);
  await box.press("Enter");
  await expect(chat.getByTestId("assistant-message").last()).toContainText(expected, { timeout: 30_000 });
  await ctx.close();
}

test.describe("[ORCHESTRATION]", () => {
  test("[ORCHESTRATION]: build Recepção → Vendas / Suporte on the graph; each question is answered by the right agent in the inbox", async ({ page, browser, user, baseURL }) => {
    test.setTimeout(180_000);
    const base = baseURL ?? "";
    const reception = await arrangeAgent(base, user, { name: "Recepção", activity: "Recepção da loja" }, { companyDetails: "Bem-vindo à loja." });
    // The free plan allows one agent: the platform admin raises this workspace's limit.
    const owner = await loggedInApi(base, user);
    const row = (await (await owner.api.get(`/api/v1/agents/${reception.id}`)).json()) as { data: { workspaceId: string } };
    const admin = await loggedInApi(base, ADMIN);
    await admin.write("post", "/trpc/adminWorkspaces.setLimits", { json: { workspaceId: row.data.workspaceId, maxAgents: 5, maxMembers: null } });
    const sales = await arrangeAgent(base, user, { name: "Vendas", activity: "Vendas" }, { companyDetails: SALES });
    const support = await arrangeAgent(base, user, { name: "Suporte", activity: "Suporte técnico" }, { companyDetails: SUPPORT });
    for (const a of [reception, sales, support]) {
      const current = (await (await owner.api.get(`/api/v1/agents/${a.id}`)).json()) as { data: { conversationSettings: Record<string, unknown> } };
      await a.update({ conversationSettings: { ...current.data.conversationSettings, responseTime: 0 } });
    }

    await signInViaApi(page, user);
    await page.goto("/multi-agentes");
    await expect(page.getByRole("heading", { name: "Orquestrações" })).toBeVisible();
    await expect(page.getByText("Nenhuma orquestração ainda")).toBeVisible();
    await expectAccessible(page, "multi agentes, orquestrações vazias");

    await page.getByRole("button", { name: "Nova orquestração" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova orquestração" });
    await dialog.getByLabel("Nome").fill("Atendimento da loja");
    await dialog.getByLabel("Descrição").fill("A recepção encaminha vendas e suporte");
    await dialog.getByRole("checkbox", { name: "Recepção" }).check();
    await expect(dialog.getByRole("radio", { name: "Entrada" })).toBeChecked();
    await expectAccessible(page, "nova orquestração");
    await dialog.getByRole("button", { name: "Criar orquestração" }).click();

    await expect(page.getByRole("heading", { name: "Atendimento da loja", level: 1 })).toBeVisible();
    const graph = page.getByTestId("orchestration-graph");
    await expect(graph.locator(`.react-flow__node[data-id="${reception.id}"]`)).toContainText("Entrada");
    // The graph's own stylesheet, linked on demand, lays the nodes out.
    await expect(graph.locator(`.react-flow__node[data-id="${reception.id}"]`)).toHaveCSS("position", "absolute");
    for (const a of [sales, support]) {
      await page.getByLabel("Adicionar agente").selectOption({ label: a.name });
      await page.getByRole("button", { name: "Adicionar", exact: true }).click();
      await expect(graph.locator(`.react-flow__node[data-id="${a.id}"]`)).toBeVisible();
    }
    await expectAccessible(page, "orquestração, grafo com três agentes");

    for (const [to, words] of [
      [sales, "comprar, preço"],
      [support, "problema, defeito"],
    ] as const) {
      await connect(page, reception.id, to.id);
      const rule = page.getByRole("dialog", { name: "Nova regra" });
      await expect(rule.locator("#rule-fromAgentId")).toHaveValue(reception.id);
      await expect(rule.locator("#rule-toAgentId")).toHaveValue(to.id);
      await rule.getByLabel("Palavras-chave, separadas por vírgula").fill(words);
      if (to === sales) await expectAccessible(page, "nova regra");
      await rule.getByRole("button", { name: "Salvar regra" }).click();
      await expect(rule).toBeHidden();
    }
    await expect(graph.getByText("P5 · palavra: comprar, preço")).toBeVisible();
    await expect(graph.getByText("P5 · palavra: problema, defeito")).toBeVisible();

    await page.getByRole("button", { name: "Lista", exact: true }).click();
    const rules = page.getByRole("table", { name: "Regras de encaminhamento" });
    await expect(rules.getByRole("row")).toHaveCount(3);
    await expect(rules.getByRole("row", { name: /Vendas/ })).toContainText("palavra: comprar, preço");
    await expectAccessible(page, "orquestração, lista de regras");

    // Two visitors of the receptionist's public chat.
    await askInPublicChat(browser, base, reception.id, "Quero comprar um plano, qual o preço?", "R$ 99");
    await askInPublicChat(browser, base, reception.id, "Meu produto chegou com defeito", "troca");

    // The orchestration page shows the decisions.
    await page.reload();
    const decisions = page.getByRole("table", { name: "Decisões do roteador" });
    await expect(decisions.getByRole("row")).toHaveCount(3);
    await expect(decisions).toContainText("Recepção → Vendas");
    await expect(decisions).toContainText("Recepção → Suporte");
    await expectAccessible(page, "orquestração, decisões");

    await page.goto("/conversations");
    const list = page.getByRole("list", { name: "Conversas" });
    // Each row previews its last message (the reply); the opened thread names the agent that answered.
    for (const [question, answer, agent] of [
      ["Quero comprar um plano, qual o preço?", "R$ 99", "Vendas"],
      ["Meu produto chegou com defeito", "troca", "Suporte"],
    ] as const) {
      await list.getByRole("button").filter({ hasText: answer }).first().click();
      const thread = page.getByRole("region", { name: /Conversa com/ });
      await expect(thread.getByText(question)).toBeVisible();
      const reply = thread.getByRole("article", { name: "Mensagem de Agente IA" }).last();
      await expect(reply).toContainText(`Agente IA · ${agent}`);
      await expect(reply).toContainText(answer);
    }
    await expectAccessible(page, "conversas, resposta do agente de suporte");
  });
});
