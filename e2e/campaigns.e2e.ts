import type { Page } from "@playwright/test";
import { apiClient, arrangeAgent, expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { E2E_UAZAPI_ADMIN } from "./support/fakes-config";
import { runChannelFakes } from "./support/run-channel-fakes";

/**
 * Issue 16: a campaign from a contacts filter with the 'moderado' anti-block template, started and
 * watched against the UAZAPI fake, then paused. The e2e server runs campaigns on a simulated clock
 * (CAMPAIGN_CLOCK in playwright.config.ts: a Monday 10:00 in São Paulo, 60× faster), so the
 * pacer's 25–50 s intervals pass in under a second of real time.
 */
const FAKES = runChannelFakes();
const CONTACTS = 40;

/** Contacts made through contacts.create; half tagged "natal", the filter the list is filled from. */
async function arrangeContacts(baseURL: string, user: { email: string; password: string }) {
  const { api, csrf } = await apiClient(baseURL);
  const login = await api.post("/api/v1/auth/login", { headers: { "x-csrf-token": await csrf() }, data: { ...user, rememberMe: false } });
  expect(login.ok(), await login.text()).toBeTruthy();
  for (let i = 0; i < CONTACTS + 2; i++) {
    const tagged = i < CONTACTS;
    const data = { json: { name: tagged ? `Cliente Natal ${i + 1}` : `Outro Cliente ${i}`, phone: `(11) 9${7000 + i}-${1000 + i}`, tags: tagged ? ["natal"] : [] } };
    const res = await api.post("/trpc/contacts.create", { headers: { "x-csrf-token": await csrf() }, data });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  await api.dispose();
}

/** An own-server WhatsApp connection through the channel card, paired as the phone would. */
async function connectUazapi(page: Page, agentId: string) {
  await page.goto(`/agent/${agentId}#canais`);
  const card = page.getByRole("region", { name: "WhatsApp (servidor próprio)" });
  const instanceName = `campanha-${Date.now().toString(36)}`;
  await card.getByLabel("URL do servidor").fill(FAKES);
  await card.getByLabel("Admin token").fill(E2E_UAZAPI_ADMIN);
  await card.getByLabel("Nome da instância").fill(instanceName);
  await card.getByRole("button", { name: "Conectar" }).click();
  await expect(card.getByTestId("uazapi-status")).toHaveText("Aguardando QR code");
  const paired = await fetch(`${FAKES}/__control/pair`, { method: "POST", body: JSON.stringify({ instanceName, phone: "5511955557777" }) });
  expect(paired.ok).toBe(true);
  await expect(card.getByTestId("uazapi-status")).toHaveText("Conectado", { timeout: 10_000 });
}

/** "12 de 40 (30%)" → 12. */
const doneOf = (text: string | null) => Number(/^([\d.]+) de/.exec(text ?? "")?.[1]?.replace(/\./g, "") ?? Number.NaN);

test.describe("Campanhas", () => {
  test("[Campanhas]: a campaign from a contacts filter with the 'moderado' template starts, its progress bar moves against the gateway, and it pauses", async ({ page, signedIn: user, baseURL }) => {
    test.setTimeout(120_000);
    await arrangeContacts(baseURL ?? "", user);
    const agent = await arrangeAgent(baseURL ?? "", user, { name: "Nina", activity: "Loja de presentes" });
    await connectUazapi(page, agent.id);

    // The list, filled from the contacts filter "natal".
    await page.goto("/campanhas");
    await expect(page.getByText("Nenhuma campanha ainda")).toBeVisible();
    await expectAccessible(page, "campanhas, vazio");
    await page.getByRole("tab", { name: "Listas" }).click();
    await page.getByRole("button", { name: "Nova lista" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova lista" });
    await dialog.getByLabel("Nome da lista").fill("Clientes de Natal");
    await dialog.getByRole("button", { name: "Criar lista" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("link", { name: "Clientes de Natal" }).click();
    await page.getByText("Adicionar", { exact: true }).click();
    await page.getByRole("button", { name: "De contatos (filtro ou lista)" }).click();
    const fromContacts = page.getByRole("dialog", { name: "Adicionar de contatos" });
    await fromContacts.getByLabel("Buscar").fill("Cliente Natal");
    await expect(fromContacts.getByText(`${CONTACTS} contatos correspondem ao filtro`)).toBeVisible();
    await fromContacts.getByRole("button", { name: "Adicionar contatos" }).click();
    await expect(fromContacts.getByRole("status", { name: "Resultado" })).toContainText(`${CONTACTS} contatos adicionados`);
    await fromContacts.getByText("Fechar", { exact: true }).click();

    // The step-by-step form.
    await page.goto("/campanhas");
    await page.getByRole("link", { name: "Criar campanha" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Criar campanha" })).toBeVisible();
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText("O nome deve ter pelo menos 2 caracteres")).toBeVisible();
    await expect(page.getByText("Escolha uma lista")).toBeVisible();
    await expectAccessible(page, "criar campanha, lista com erros");
    await page.getByLabel("Nome da campanha").fill("Natal 2026");
    await page.getByRole("radio", { name: /Clientes de Natal/ }).check();
    await page.getByRole("button", { name: "Continuar" }).click();

    await expect(page.getByRole("heading", { name: "2. Conexão" })).toBeVisible();
    await page.getByLabel("Conexão de envio").selectOption({ label: "Nina · WhatsApp (servidor próprio) · +5511955557777" });
    await expectAccessible(page, "criar campanha, conexão");
    await page.getByRole("button", { name: "Continuar" }).click();

    await expect(page.getByRole("heading", { name: "3. Mensagens" })).toBeVisible();
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText("Mensagem não pode estar vazia")).toBeVisible();
    await page.getByLabel("Mensagem", { exact: true }).fill("Olá , temos presentes de Natal para você!");
    await page.getByLabel("Mensagem", { exact: true }).evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(4, 4));
    await page.getByRole("button", { name: "{{nome}}" }).click();
    await expect(page.getByLabel("Mensagem", { exact: true })).toHaveValue("Olá {{nome}}, temos presentes de Natal para você!");
    await expect(page.getByTestId("message-preview")).toHaveText(/^Olá Cliente Natal \d+, temos presentes de Natal para você!$/);
    await expectAccessible(page, "criar campanha, mensagens");
    await page.getByRole("button", { name: "Continuar" }).click();

    await expect(page.getByRole("heading", { name: "4. Envio" })).toBeVisible();
    const profile = page.getByLabel("Modelo anti-bloqueio");
    await expect(profile).toHaveValue("moderado");
    await profile.selectOption("conservador");
    await expect(page.getByLabel("Máximo por hora", { exact: true })).toHaveValue("30");
    await page.getByLabel("Máximo por hora", { exact: true }).fill("200");
    await expect(profile).toHaveValue("personalizado");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByText("Máximo por hora: máximo 150")).toBeVisible();
    await profile.selectOption("moderado");
    await expect(page.getByLabel("Máximo por hora", { exact: true })).toHaveValue("60");
    await expect(page.getByLabel("Intervalo mínimo", { exact: true })).toHaveValue("25");
    await expect(page.getByLabel("Intervalo máximo", { exact: true })).toHaveValue("50");
    await expect(page.getByTestId("campaign-estimate")).toHaveText(/^~\d+ (minutos?|horas?|dias? úteis?)$/);
    await expect(page.getByTestId("campaign-price")).toHaveText("Envios gratuitos");
    await expectAccessible(page, "criar campanha, envio");
    await page.getByRole("button", { name: "Continuar" }).click();

    await expect(page.getByRole("heading", { name: "5. Revisão" })).toBeVisible();
    await expect(page.getByText("Moderado", { exact: true })).toBeVisible();
    await expectAccessible(page, "criar campanha, revisão");
    await page.getByRole("button", { name: "Iniciar campanha" }).click();

    // The detail page: sending, the bar moves as the gateway takes the messages.
    await expect(page.getByRole("heading", { level: 1, name: "Natal 2026" })).toBeVisible();
    await expect(page.getByText("Enviando", { exact: true }).first()).toBeVisible();
    const progress = page.getByTestId("campaign-progress-text");
    await expect(progress).toContainText(`de ${CONTACTS}`);
    await expect.poll(async () => doneOf(await progress.textContent()), { timeout: 30_000 }).toBeGreaterThan(0);
    const first = doneOf(await progress.textContent());
    await expect.poll(async () => doneOf(await progress.textContent()), { timeout: 30_000 }).toBeGreaterThan(first);
    await expectAccessible(page, "campanha enviando");

    await page.getByRole("button", { name: "Pausar" }).click();
    await expect(page.getByText("Pausada", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Retomar" })).toBeVisible();
    const paused = doneOf(await progress.textContent());
    expect(paused).toBeLessThan(CONTACTS);
    // Paused: nothing more goes out (a send already in flight may still land once).
    await page.reload();
    const after = doneOf(await page.getByTestId("campaign-progress-text").textContent());
    expect(after).toBeLessThanOrEqual(paused + 1);
    await expect(page.getByRole("img", { name: "Gráfico de envios por hora" })).toBeVisible();
    await expectAccessible(page, "campanha pausada");

    // Cancelling asks first.
    await page.getByRole("button", { name: "Cancelar campanha" }).click();
    const confirm = page.getByRole("dialog", { name: "Cancelar campanha?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Voltar" }).click();
    await expect(page.getByText("Pausada", { exact: true }).first()).toBeVisible();
  });
});
