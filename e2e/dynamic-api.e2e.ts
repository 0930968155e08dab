import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { ADMIN, arrangeAgent, expect, loggedInApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { E2E_SHOP_KEY, shopApiPort } from "./support/fakes-config";

const SHOP = `http://127.0.0.1:${shopApiPort()}`;
/** An AI provider pointing at the fake OpenAI below; switched off again after the test (the rest of the suite runs offline). */
const PROVIDER = "e2e-dynamic-api";
let shop: ChildProcess | null = null;
let openai: ChildProcess | null = null;
let openaiUrl = "";

test.beforeAll(async () => {
  shop = spawn("node_modules/.bin/bun", ["e2e/support/shop-api.ts", String(shopApiPort()), E2E_SHOP_KEY], { stdio: ["ignore", "ignore", "inherit"] });
  openai = spawn("node_modules/.bin/bun", ["e2e/support/openai-tools.ts"], { stdio: ["ignore", "pipe", "inherit"] });
  const stdout = openai.stdout;
  if (!stdout) throw new Error("fake OpenAI sem stdout");
  openaiUrl = await new Promise<string>((resolve) => createInterface({ input: stdout }).once("line", resolve));
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${SHOP}/__control/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("shop API fake did not start");
});
test.afterAll(() => {
  shop?.kill();
  openai?.kill();
});

/** Admin tRPC call (superjson body) through a logged-in API context. */
async function saveProvider(baseURL: string, isActive: boolean) {
  const { api } = await loggedInApi(baseURL, ADMIN);
  const state = await api.storageState();
  const csrf = state.cookies.find((c) => c.name === "atenda_csrf")?.value ?? "";
  const input = { provider: PROVIDER, displayName: "Fake e2e", apiKey: "sk-e2e", baseUrl: openaiUrl, isActive, availableModels: ["gpt-4o-mini"], selectedModels: ["gpt-4o-mini"] };
  const res = await api.post("/trpc/admin.ai.save", { headers: { "x-csrf-token": csrf }, data: { json: input } });
  expect(res.ok(), await res.text()).toBeTruthy();
  await api.dispose();
}

test.describe("[DYNAMIC API]", () => {
  test("[DYNAMIC API]: import an OpenAPI document, tick two endpoints, run the test console, and the public chat calls the API", async ({ page, user, signedIn, baseURL }) => {
    void signedIn;
    const base = baseURL ?? "";
    const agent = await arrangeAgent(base, user, { name: "Lia da Loja", activity: "Loja de roupas" });
    await page.goto(`/agent/${agent.id}#api-dinamica`);
    const section = page.getByRole("region", { name: "API dinâmica" });
    await expect(section.getByRole("heading", { name: "API dinâmica" })).toBeVisible();
    await expect(section.getByText("Nenhuma API cadastrada ainda.")).toBeVisible();
    await expectAccessible(page, "API dinâmica, vazio");

    await section.getByRole("button", { name: "Nova API" }).click();
    const form = section.getByRole("form", { name: "Nova API" });
    await form.getByRole("button", { name: "Salvar API" }).click();
    await expect(form.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
    await expect(form.getByText("URL base inválida")).toBeVisible();
    await expectAccessible(page, "API dinâmica, formulário com erros");
    await form.getByLabel("Nome da API").fill("Loja");
    await form.getByLabel("URL base").fill(SHOP);
    await form.getByLabel("URL da documentação (OpenAPI/Swagger)").fill(`${SHOP}/openapi.json`);
    await form.getByLabel("Autenticação").selectOption({ label: "Chave de API (cabeçalho)" });
    await form.getByLabel("Chave de API").fill(E2E_SHOP_KEY);
    await form.getByRole("button", { name: "Salvar API" }).click();
    await expect(page.getByText("API salva")).toBeVisible();
    const card = section.getByRole("listitem", { name: "API Loja" });
    await expect(card.getByText("Não configurada")).toBeVisible();

    await card.getByRole("button", { name: "Descobrir endpoints" }).click();
    await expect(page.getByText("3 endpoints encontrados (OpenAPI 3)")).toBeVisible();
    await expect(card.getByText("Descoberta concluída")).toBeVisible();
    await expect(card.getByText("Consulta um pedido")).toBeVisible();
    await card.getByRole("checkbox", { name: "GET /orders/{id}" }).check();
    await card.getByRole("checkbox", { name: "POST /leads" }).check();
    await card.getByRole("button", { name: "Salvar seleção" }).click();
    await expect(page.getByText("Seleção salva")).toBeVisible();
    await expect(card.getByText("Configuração salva")).toBeVisible();
    await expect(card.getByText("2 endpoints selecionados")).toBeVisible();

    const tester = card.getByRole("region", { name: "Console de teste GET /orders/{id}" });
    await tester.getByLabel(/^id/).fill("4521");
    await tester.getByRole("button", { name: "Executar" }).click();
    await expect(tester.getByRole("status")).toContainText(/Sucesso · HTTP 200 · \d+ ms/);
    await expect(tester.getByRole("status")).toContainText('"status": "enviado"');
    await expect(card.getByText("Pronta para execução")).toBeVisible();
    await expect(card.getByRole("region", { name: "Console de teste POST /leads" })).toBeVisible();

    // The key is never sent back: the edit form says it is set and keeps the field empty.
    await card.getByRole("button", { name: "Editar" }).click();
    const edit = section.getByRole("form", { name: "Editar API" });
    await expect(edit.getByLabel("Chave de API")).toHaveValue("");
    await expect(edit.getByText("••• definido — deixe em branco para manter")).toBeVisible();
    await expect(page.locator("body")).not.toContainText(E2E_SHOP_KEY);
    await edit.getByRole("button", { name: "Cancelar" }).click();

    // The chat step needs a model that calls tools: a provider pointing at the fake OpenAI process.
    await saveProvider(base, true);
    try {
      const before = ((await (await fetch(`${SHOP}/__control/requests`)).json()) as unknown[]).length;
      await page.goto(`/chat/${agent.id}`);
      const box = page.getByPlaceholder("Digite sua mensagem...");
      await box.fill("Qual o status do pedido 7788?");
      await box.press("Enter");
      await expect(page.getByTestId("assistant-message").last()).toContainText("O pedido 7788 está com status: enviado.", { timeout: 20_000 });
      const seen = ((await (await fetch(`${SHOP}/__control/requests`)).json()) as { path: string; headers: Record<string, string> }[]).slice(before);
      expect(seen.map((r) => r.path)).toEqual(["/orders/7788"]);
      expect(seen[0]?.headers["x-api-key"]).toBe(E2E_SHOP_KEY);
    } finally {
      await saveProvider(base, false);
    }
  });
});
