import { expect, test } from "./fixtures";
import { arrangeDeal } from "./support/crm-deal";
import { expectAccessible } from "./support/axe";

/** "2026-11-22T14:30" for a moment in São Paulo wall time (the datetime-local field's format). */
function saoPauloLocal(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test.describe("Negócio", () => {
  test("[CRM]: on a deal page, an activity due today shows in the reminders, and a product's total comes from the server", async ({ page, signedIn, baseURL }) => {
    const dealId = await arrangeDeal(baseURL ?? "", signedIn, "Clínica Bem Estar");
    await page.goto(`/funil/negocios/${dealId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Clínica Bem Estar" })).toBeVisible();
    await expect(page.getByText("Nenhuma atividade neste negócio ainda.")).toBeVisible();
    await expect(page.getByTestId("deal-history-entry")).toHaveCount(1);
    await expectAccessible(page, "negócio, vazio");

    // A call a couple of minutes from now (still today in São Paulo, unless the day is ending).
    const soon = Date.now() + 2 * 60_000;
    const when = saoPauloLocal(soon).slice(0, 10) === saoPauloLocal(Date.now()).slice(0, 10) ? saoPauloLocal(soon) : `${saoPauloLocal(Date.now()).slice(0, 10)}T23:59`;
    await page.getByRole("button", { name: "Nova atividade" }).click();
    const form = page.getByRole("form", { name: "Nova atividade" });
    await form.getByRole("button", { name: "Criar atividade" }).click();
    await expect(form.getByText("Assunto deve ter pelo menos 2 caracteres")).toBeVisible();
    await expectAccessible(page, "negócio, nova atividade com erro");
    await form.getByLabel("Tipo").selectOption({ label: "Ligação" });
    await form.getByLabel("Assunto").fill("Ligar para a Dra. Marta");
    await form.getByLabel("Data e hora (horário de Brasília)").fill(when);
    await form.getByRole("button", { name: "Criar atividade" }).click();
    const activity = page.getByTestId("deal-activity").filter({ hasText: "Ligar para a Dra. Marta" });
    await expect(activity).toBeVisible();
    await expect(activity).toContainText("Ligação");

    // The sidebar counts it beside "Funil"; the board's "Para hoje" lists it with a link back here.
    await expect(page.getByTestId("funnel-due")).toHaveText("1");
    await page.goto("/funil");
    const reminder = page.getByTestId("due-today");
    await reminder.getByRole("button", { name: /Para hoje/ }).click();
    const link = reminder.getByRole("link", { name: /Ligar para a Dra\. Marta/ });
    await expect(link).toContainText("Clínica Bem Estar");
    await expectAccessible(page, "funil, lembrete para hoje aberto");
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/funil/negocios/${dealId}$`));

    // A product: 2 × R$ 1.500,00 with 10 % off = R$ 2.700,00, the line and the grand total.
    await page.getByRole("button", { name: "Adicionar produto" }).click();
    const productForm = page.getByRole("form", { name: "Adicionar produto" });
    await productForm.getByLabel("Produto", { exact: true }).fill("Consultoria");
    await productForm.getByLabel("Quantidade").fill("2");
    await productForm.getByLabel("Preço unitário (R$)").fill("1.500,00");
    await productForm.getByLabel("Desconto").fill("10");
    await productForm.getByLabel("Usar total dos produtos como valor do negócio").check();
    await productForm.getByRole("button", { name: "Adicionar produto" }).click();
    await expect(page.getByTestId("deal-product").filter({ hasText: "Consultoria" })).toContainText(/R\$\s2\.700,00/);
    await expect(page.getByTestId("deal-products-total")).toHaveText(/R\$\s2\.700,00/);
    // "Usar total dos produtos": the header's value follows.
    await expect(page.getByTestId("deal-value")).toHaveText(/R\$\s2\.700,00/);

    // Done with an outcome: no longer pending, and the badge goes.
    await activity.getByRole("button", { name: /Concluir/ }).click();
    await page.getByLabel("Resultado (opcional)").fill("Pediu a proposta por e-mail");
    await page.getByRole("button", { name: "Marcar como concluída" }).click();
    await expect(activity).toContainText("Pediu a proposta por e-mail");
    await expect(activity).toContainText("Concluída");
    await expect(page.getByTestId("funnel-due")).toHaveCount(0);
    await expectAccessible(page, "negócio, com atividade e produto");
  });
});
