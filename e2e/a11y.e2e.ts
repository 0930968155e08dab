import { arrangeAgent, expect, loggedInApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";
import { tabTo } from "./support/keyboard";

/**
 * Issue 13: behaviours a screen reader or a motion-sensitive user notices that no single page spec
 * owns: a toast shown while a modal dialog is open (the dialog makes the rest of the page inert),
 * and prefers-reduced-motion.
 */
test.describe("[A11Y]", () => {
  test("[A11Y]: a toast shown while a modal dialog is open is inside the dialog: seen, announced and dismissable", async ({ page, signedIn, baseURL }) => {
    const agent = await arrangeAgent(baseURL ?? "", signedIn, { name: "Olga", activity: "Ótica" });
    const { write } = await loggedInApi(baseURL ?? "", signedIn);
    const intent = { name: "Pedido", description: "Cliente pergunta onde está o pedido", examples: ["onde está meu pedido"], action: { type: "simple_response", simpleResponse: "Já vejo." } };
    await write("post", "/trpc/agents.intents.create", { json: { agentId: agent.id, intent } });

    await page.goto(`/agent/${agent.id}`);
    await page.getByRole("navigation", { name: "Seções do agente" }).getByRole("button", { name: /^Intenções/ }).click();
    await page.getByRole("button", { name: "Excluir intenção Pedido" }).click();
    const confirm = page.getByRole("dialog", { name: "Excluir intenção" });
    await expect(confirm).toBeVisible();

    // The delete fails: the dialog stays open and the error toast appears over it.
    await page.route("**/trpc/agents.intents.delete**", (r) => r.fulfill({ status: 500, json: { error: { message: "falhou", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 } } } }));
    await confirm.getByRole("button", { name: "Excluir" }).click();
    const alert = confirm.getByRole("alert");
    await expect(alert).toContainText("Erro ao excluir intenção");
    // In the modal's subtree (not inert), inside the polite live region.
    await expect(confirm.getByRole("status")).toContainText("Erro ao excluir intenção");
    expect(await alert.evaluate((el) => el.closest("dialog")?.matches(":modal") ?? false)).toBe(true);
    await expectAccessible(page, "diálogo aberto com notificação");
    // Reachable: Tab gets to its close button inside the dialog's focus trap (an inert page would
    // refuse it), and Enter dismisses the toast.
    await tabTo(page, confirm.getByRole("button", { name: "Fechar notificação" }), { max: 10 });
    await page.keyboard.press("Enter");
    await expect(page.getByText("Erro ao excluir intenção")).toBeHidden();

    // Once the dialog is gone the region is back in the page for the next toast.
    await page.unroute("**/trpc/agents.intents.delete**");
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await expect(confirm).toBeHidden();
    const done = page.getByRole("status").filter({ hasText: "Intenção excluída" });
    await expect(done).toBeVisible();
    expect(await done.evaluate((el) => el.closest("dialog") === null)).toBe(true);
  });

  test("[A11Y]: with prefers-reduced-motion the sidebar and the toasts do not animate", async ({ page, signedIn, baseURL }) => {
    await arrangeAgent(baseURL ?? "", signedIn, { name: "Rui", activity: "Relojoaria" });
    await page.goto("/agents");
    const sidebar = page.getByTestId("sidebar");
    const duration = (el: Element) => getComputedStyle(el).transitionDuration;
    const toggle = page.getByRole("article", { name: "Rui" }).getByRole("checkbox", { name: "Agente Rui ativo" });
    const toast = page.getByRole("status").filter({ hasText: "Status atualizado" }).locator("[data-state]");

    // Without the preference the sidebar slides and the toast fades in.
    expect(await sidebar.evaluate(duration)).toBe("0.2s");
    await toggle.click();
    await expect(toast).toBeVisible();
    expect(await toast.evaluate(duration)).toBe("0.3s");

    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await sidebar.evaluate(duration)).toBe("0s");
    expect(await toast.evaluate(duration)).toBe("0s");
    await page.getByRole("button", { name: "Recolher sidebar" }).click();
    // No transition: the width is final at once, not 200 ms later.
    expect(await sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(64);
  });
});
