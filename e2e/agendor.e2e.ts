import { type ChildProcess, spawn } from "node:child_process";
import { arrangeAgent, expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { agendorApiPort } from "./support/fakes-config";

/** The Agendor fake runs as its own Bun process on a port playwright.config.ts lets through safe-fetch. */
const PORT = agendorApiPort();
const AGENDOR = `http://127.0.0.1:${PORT}/v3`;
const TOKEN = "token-agendor-e2e";
let fake: ChildProcess | null = null;

test.beforeAll(async () => {
  fake = spawn("node_modules/.bin/bun", ["e2e/support/agendor-fake.ts", String(PORT), TOKEN], { stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; i < 100; i++) {
    if (await fetch(`http://127.0.0.1:${PORT}/__control/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("Agendor fake did not start");
});
test.afterAll(async () => {
  if (!fake) return;
  const exited = new Promise((r) => fake?.once("exit", r));
  fake.kill();
  await exited;
});

test.describe("[AGENDOR]", () => {
  test("[AGENDOR]: validation, Testar with a wrong then a right token, pickers from Agendor, save and reload", async ({ page, user, signedIn, baseURL }) => {
    void signedIn;
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Rita Vendas", activity: "Consultoria" });
    await page.goto(`/agent/${agent.id}#integracoes`);
    const card = page.getByRole("region", { name: "CRM Agendor" });
    await expect(card.getByRole("heading", { name: "CRM Agendor" })).toBeVisible();
    await expect(card.getByText("Nenhuma sincronização ainda.")).toBeVisible();
    await expectAccessible(page, "integrações, vazio");

    await card.getByRole("button", { name: "Salvar Agendor" }).click();
    await expect(card.getByText("Informe o token de API do Agendor")).toBeVisible();
    await card.getByLabel("URL base da API").fill("não é url");
    await card.getByRole("button", { name: "Salvar Agendor" }).click();
    await expect(card.getByText("URL base inválida")).toBeVisible();

    await card.getByLabel("URL base da API").fill(AGENDOR);
    await card.getByLabel("Token de API").fill("token-errado");
    await card.getByRole("button", { name: "Testar" }).click();
    await expect(card.getByRole("alert")).toContainText("Token do Agendor inválido");
    await expectAccessible(page, "integrações, Agendor com token recusado");

    await card.getByLabel("Token de API").fill(TOKEN);
    await card.getByRole("button", { name: "Testar" }).click();
    await expect(card.getByRole("status").filter({ hasText: "Conexão funcionando" })).toContainText("Ana Vendedora · Loja Exemplo");
    await expect(card.getByLabel("Funil padrão").locator("option", { hasText: "Vendas" })).toHaveCount(1);
    await card.getByLabel("Funil padrão").selectOption({ label: "Vendas" });
    await card.getByLabel("Etapa inicial").selectOption({ label: "2. Proposta" });
    await card.getByLabel("Origem do lead").selectOption({ label: "Site" });
    await card.getByLabel("Responsável").selectOption({ label: "Bruno Closer" });
    await card.getByLabel("Adicionar leads automaticamente ao funil").check();
    await card.getByRole("button", { name: "Salvar Agendor" }).click();
    await expect(page.getByText("Agendor salvo")).toBeVisible();
    await expect(card.getByText("Salvo", { exact: true })).toBeVisible();

    await page.reload();
    const again = page.getByRole("region", { name: "CRM Agendor" });
    await expect(again.getByText("••• definido — deixe em branco para manter")).toBeVisible();
    await expect(again.getByLabel("Token de API")).toHaveValue("");
    await expect(again.getByLabel("URL base da API")).toHaveValue(AGENDOR);
    await expect(again.getByLabel("Funil padrão")).toHaveValue("111");
    await expect(again.getByLabel("Etapa inicial")).toHaveValue("2");
    await expect(again.getByLabel("Responsável")).toHaveValue("39971");
    await expect(again.getByLabel("Adicionar leads automaticamente ao funil")).toBeChecked();
    await expect(again.getByText("Ativa", { exact: true })).toBeVisible();
  });
});
