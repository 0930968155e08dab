import { type ChildProcess, spawn } from "node:child_process";
import { ADMIN, arrangeAgent, expect, loggedInApi, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { calendarApiPort } from "./support/fakes-config";

/**
 * Google Agenda end to end against the loopback Google (test/fakes/google-calendar.ts): the admin
 * saves and tests the OAuth client on /admin/configuracoes, an owner connects the agent through
 * the consent redirect and the REST callback, picks a calendar, saves and tests. Needs the server
 * started with GOOGLE_* pointing at the fake and its port in ATENDA_SAFE_FETCH_ALLOW
 * (playwright.config.ts).
 */
const PORT = calendarApiPort();
const GOOGLE = `http://127.0.0.1:${PORT}`;
let fake: ChildProcess | null = null;

test.beforeAll(async () => {
  fake = spawn("node_modules/.bin/bun", ["e2e/support/google-calendar-fake.ts", String(PORT)], { stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${GOOGLE}/__control/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("Google fake did not start");
});
test.afterAll(async () => {
  if (!fake) return;
  const exited = new Promise((r) => fake?.once("exit", r));
  fake.kill();
  await exited;
});

/** Starts from "not configured" even on a reused server (admin tRPC call, superjson body). */
async function removeOAuthClient(baseURL: string) {
  const { api } = await loggedInApi(baseURL, ADMIN);
  const csrf = (await api.storageState()).cookies.find((c) => c.name === "atenda_csrf")?.value ?? "";
  const res = await api.post("/trpc/calendar.admin.remove", { headers: { "x-csrf-token": csrf }, data: { json: null } });
  expect(res.ok(), await res.text()).toBeTruthy();
  await api.dispose();
}

test.describe("[GOOGLE CALENDAR]", () => {
  test("[GOOGLE CALENDAR]: admin saves the OAuth client, an owner connects through Google's consent, picks a calendar, saves and tests", async ({ page, browser, user, signedIn, baseURL }) => {
    void signedIn;
    // Two browsers, a consent redirect and many steps on a shared machine.
    test.setTimeout(150_000);
    const base = baseURL ?? "";
    await removeOAuthClient(base);
    const agent = await arrangeAgent(base, user, { name: "Clara Agenda", activity: "Clínica odontológica" });

    // Before the admin configures it, the card says so and cannot connect.
    await page.goto(`/agent/${agent.id}#integracoes`);
    const card = page.getByRole("region", { name: "Google Agenda" });
    await expect(card.getByRole("heading", { name: "Google Agenda" })).toBeVisible();
    await expect(card.getByText("O administrador da plataforma ainda não configurou a Google Agenda")).toBeVisible();
    await expect(card.getByRole("button", { name: "Conectar Google Agenda" })).toBeDisabled();
    await expectAccessible(page, "integrações, Google Agenda não configurada");

    // The admin, in a browser of their own.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInViaApi(adminPage, ADMIN);
    await adminPage.goto("/admin/configuracoes");
    const admin = adminPage.getByRole("region", { name: "Google Agenda" });
    await expect(admin.getByText("Não configurada")).toBeVisible();
    await admin.getByRole("button", { name: "Salvar" }).click();
    await expect(admin.getByText("ID do cliente inválido")).toBeVisible();
    await expectAccessible(adminPage, "configurações do admin, Google Agenda com erro");
    await admin.getByLabel("ID do cliente").fill("cliente-123.apps.googleusercontent.com");
    await admin.getByLabel("Chave secreta do cliente").fill("segredo-oauth-123");
    await admin.getByLabel("URI de redirecionamento").fill(`${base}/api/v1/integrations/google-calendar/callback`);
    await admin.getByRole("button", { name: "Salvar" }).click();
    await expect(adminPage.getByText("Google Agenda salva")).toBeVisible();
    await expect(admin.getByText("Salvo", { exact: true })).toBeVisible();
    await expect(admin.getByText("Configurada", { exact: true })).toBeVisible();
    await expect(admin.getByText("••• definido — deixe em branco para manter")).toBeVisible();
    await admin.getByRole("button", { name: "Testar" }).click();
    await expect(adminPage.getByText("Credenciais OAuth aceitas pelo Google.")).toBeVisible();
    await adminContext.close();

    // The owner connects: the fake consent screen approves and sends the browser back to the callback.
    await page.reload();
    await expect(card.getByText("Não conectada")).toBeVisible();
    await card.getByRole("button", { name: "Conectar Google Agenda" }).click();
    await page.waitForURL(new RegExp(`/agent/${agent.id}`));
    await expect(page.getByText("Google Agenda conectada", { exact: true })).toBeVisible();
    await expect(card.getByText("Conectada", { exact: true })).toBeVisible();
    expect(page.url()).not.toContain("googleCalendar=");

    // Calendars come from Google; the schedule defaults are SPEC §9's.
    await expect(card.getByLabel("Agenda", { exact: true }).locator("option", { hasText: "Vendas" })).toHaveCount(1);
    await card.getByLabel("Agenda", { exact: true }).selectOption({ label: "Vendas" });
    await expect(card.getByLabel("Duração do atendimento")).toHaveValue("30");
    await expect(card.getByLabel("Sugestões de horário")).toHaveValue("5");
    await expect(card.getByLabel("Antecedência mínima")).toHaveValue("2");
    await expect(card.getByLabel("Antecedência máxima")).toHaveValue("30");
    await expect(card.getByLabel("Segunda-feira aberta")).toBeChecked();
    await expect(card.getByLabel("Sábado aberto")).not.toBeChecked();
    await card.getByLabel("Intervalo entre horários").fill("2");
    await card.getByRole("button", { name: "Salvar agenda" }).click();
    await expect(card.getByText("O intervalo deve ser de pelo menos 5 minutos")).toBeVisible();
    await card.getByLabel("Intervalo entre horários").fill("60");
    await card.getByLabel("Sábado aberto").check();
    await card.getByRole("button", { name: "Salvar agenda" }).click();
    await expect(page.getByText("Agenda salva")).toBeVisible();
    await expect(card.getByText("Salvo", { exact: true })).toBeVisible();

    await card.getByRole("button", { name: "Testar" }).click();
    await expect(card.getByRole("status").filter({ hasText: "Conexão OK" })).toContainText('a agenda "Vendas" respondeu');
    await expect(card.getByText("Nenhum agendamento ainda.")).toBeVisible();

    // After a reload the choices are still there.
    await page.reload();
    await expect(card.getByLabel("Agenda", { exact: true })).toHaveValue("vendas@group.calendar.google.com");
    await expect(card.getByLabel("Intervalo entre horários")).toHaveValue("60");
    await expect(card.getByLabel("Sábado aberto")).toBeChecked();
    await expectAccessible(page, "integrações, Google Agenda conectada");

    // Disconnect.
    await card.getByRole("button", { name: "Desconectar" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Desconectar" }).click();
    await expect(page.getByText("Google Agenda desconectada")).toBeVisible();
    await expect(card.getByText("Não conectada")).toBeVisible();
  });
});
