import { type ChildProcess, spawn } from "node:child_process";
import { ADMIN, expect, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { E2E_PLACES_KEY, placesApiPort } from "./support/fakes-config";

/** The Google Places fake runs as its own Bun process on a port playwright.config.ts lets through safe-fetch. */
const PORT = placesApiPort();
let fake: ChildProcess | null = null;

test.beforeAll(async () => {
  fake = spawn("node_modules/.bin/bun", ["e2e/support/places-fake.ts", String(PORT), E2E_PLACES_KEY], { stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; i < 100; i++) {
    if (await fetch(`http://127.0.0.1:${PORT}/__control/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("Google Places fake did not start");
});
test.afterAll(async () => {
  if (!fake) return;
  const exited = new Promise((r) => fake?.once("exit", r));
  fake.kill();
  await exited;
});

test.describe("[LEADS]", () => {
  test("[LEADS]: the admin sets the Google key; a list, a search with progress, leads, export to contacts", async ({ page, browser, signedIn }) => {
    void signedIn;
    // The admin's card on /admin/configuracoes, in a browser context of its own.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInViaApi(adminPage, ADMIN);
    await adminPage.goto("/admin/configuracoes");
    const card = adminPage.getByRole("region", { name: "Google Places" });
    await card.getByLabel("Chave de API do Google Places").fill(E2E_PLACES_KEY);
    await card.getByRole("button", { name: "Testar" }).click();
    await expect(card.getByRole("status").filter({ hasText: "Chave funcionando" })).toBeVisible();
    await card.getByRole("button", { name: "Salvar" }).click();
    await expect(card.getByText("Configurada")).toBeVisible();
    await expectAccessible(adminPage, "configurações com a chave do Google Places");
    await adminContext.close();

    await page.goto("/leads-hunter");
    await expect(page.getByRole("heading", { name: "Leads Hunter", level: 1 })).toBeVisible();
    await expectAccessible(page, "leads hunter vazio");
    await page.getByRole("button", { name: "Nova lista" }).click();
    const form = page.getByRole("form", { name: "Nova lista de leads" });
    await form.getByRole("button", { name: "Criar lista" }).click();
    await expect(form.getByText("Nome deve ter pelo menos 2 caracteres")).toBeVisible();
    await form.getByLabel("Nome").fill("Pet shops de Campinas");
    await form.getByRole("button", { name: "Criar lista" }).click();
    const row = page.getByRole("row").filter({ hasText: "Pet shops de Campinas" });
    await expect(row.getByText("Google Maps")).toBeVisible();

    const search = page.getByRole("form", { name: "Buscar leads" });
    await search.getByLabel("O que buscar").fill("pet shop");
    await search.getByLabel("Cidade ou região").fill("Campinas");
    await search.getByLabel("Máximo de resultados").fill("45");
    await search.getByRole("button", { name: "Buscar leads" }).click();
    await expect(page.getByText("Busca iniciada")).toBeVisible();
    await expect(row.getByRole("cell").nth(2)).toHaveText("45", { timeout: 20_000 });

    await row.getByRole("link", { name: "Pet shops de Campinas" }).click();
    await expect(page.getByRole("heading", { name: "Pet shops de Campinas", level: 1 })).toBeVisible();
    const history = page.getByRole("region", { name: "Buscas" });
    await expect(history.getByText("Concluída")).toBeVisible();
    await expect(history.getByRole("progressbar", { name: "Progresso da busca pet shop em Campinas" })).toHaveAttribute("value", "100");
    await expect(history.getByText("45 leads · 100%")).toBeVisible();
    const leads = page.getByRole("region", { name: /^Leads/ });
    await expect(leads.getByText("(45)", { exact: true })).toBeVisible();
    await expect(leads.getByRole("button", { name: "Editar Pet shop 001" })).toBeVisible();
    await expectAccessible(page, "lista de leads");

    await leads.getByLabel("Site").selectOption("sim");
    await expect(leads.getByText("(23)", { exact: true })).toBeVisible();
    await leads.getByLabel("Selecionar Pet shop 001").check();
    await leads.getByLabel("Selecionar Pet shop 003").check();
    await leads.getByRole("button", { name: "Exportar para contatos" }).click();
    await expect(page.getByText("2 criado(s), 0 já existia(m), 0 já exportado(s)")).toBeVisible();

    await page.goto("/contatos");
    await expect(page.getByRole("link", { name: "Pet shop 001" }).or(page.getByRole("cell", { name: "Pet shop 001" })).first()).toBeVisible();
  });
});
