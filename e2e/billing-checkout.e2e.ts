import { ADMIN, expect, loggedInApi, test, uniqueEmail } from "./fixtures";
import { expectAccessible } from "./support/axe";

/**
 * The purchase flow against the Stripe fake (e2e/support/stripe-fake.ts, one process per run): the
 * admin saves the fake's keys, the owner of a workspace without credits follows 'Atualizar plano',
 * picks Profissional, applies a coupon, pays on the fake's hosted page, and the plan and its credits
 * show on /faturamento and the dashboard once the signed webhook was applied.
 */
test.describe("[BILLING-CHECKOUT]", () => {
  test("[BILLING-CHECKOUT]: a free-plan owner upgrades to Profissional with a coupon and sees the plan and credits change", async ({ page, loggedIn, baseURL }) => {
    const admin = await loggedInApi(String(baseURL), ADMIN);
    await admin.write("post", "/trpc/adminBilling.stripe.save", {
      json: { secretKey: "sk_test_fake_atenda_123", webhookSecret: "whsec_fake_atenda_123", publishableKey: "pk_test_fake_atenda", enablePix: false, enableBoleto: false },
    });
    const code = `E2E${uniqueEmail("c").replace(/[^a-z0-9]/gi, "").slice(-10).toUpperCase()}`;
    await admin.write("post", "/trpc/coupons.create", { json: { code, name: "Desconto de teste", discountType: "percent", discountValue: 10, maxUses: 5 } });

    // A second workspace starts with 0 credits (the free credits went to the first): the dashboard offers the upgrade.
    const owner = await loggedInApi(String(baseURL), loggedIn);
    const ws = await owner.write("post", "/api/v1/workspaces", { name: "Loja Upgrade" });
    await owner.write("post", `/api/v1/workspaces/${String(ws.id)}/switch`);

    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Atualizar plano" }).click();
    await expect(page).toHaveURL(/\/faturamento$/);
    await expect(page.getByRole("heading", { name: "Faturamento", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "Mudar de plano" }).click();
    await expect(page.getByRole("heading", { name: "Planos", level: 1 })).toBeVisible();
    await expectAccessible(page, "planos");
    await page.getByRole("article", { name: "Plano Profissional" }).getByRole("button", { name: "Assinar Profissional" }).click();

    await expect(page.getByRole("heading", { name: "Finalizar compra", level: 1 })).toBeVisible();
    await page.getByLabel("Cupom de desconto").fill(code.toLowerCase());
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expect(page.getByText("Cupom Desconto de teste aplicado.")).toBeVisible();
    await expectAccessible(page, "checkout com cupom");
    await page.getByRole("button", { name: "Ir para o pagamento" }).click();

    // The fake's hosted page charges what the server priced: R$ 297,00 − 10 %.
    await expect(page.getByRole("heading", { name: "Pagamento de teste" })).toBeVisible();
    await expect(page.getByText("Total: R$ 267,30")).toBeVisible();
    await page.getByRole("button", { name: "Pagar" }).click();
    // Stripe sends the buyer to APP_URL (localhost here); the page is the same on the test's origin.
    await page.waitForURL(/\/checkout\?status=sucesso&checkout=/);
    const back = new URL(page.url());
    if (back.origin !== new URL(String(baseURL)).origin) await page.goto(`${back.pathname}${back.search}`);
    await expect(page.getByRole("heading", { name: "Pagamento confirmado", level: 1 })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, "pagamento confirmado");

    await page.getByRole("link", { name: "Ir para Faturamento" }).click();
    await expect(page.getByRole("heading", { name: "Plano Profissional", level: 2 })).toBeVisible();
    await expect(page.getByText(/R\$\s?297,00 .* 20\.000 créditos incluídos/)).toBeVisible();

    await page.goto("/dashboard");
    const credits = page.getByRole("region", { name: "Créditos" });
    await expect(credits.getByText("Profissional")).toBeVisible();
    await expect(credits.getByTestId("credits-remaining")).toHaveText("20.000");
    await expect(page.getByRole("link", { name: "Atualizar plano" })).toHaveCount(0);
  });
});
