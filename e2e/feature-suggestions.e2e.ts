import { ADMIN, expect, loggedInApi, readOutbox, registerUser, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

/** A tRPC mutation as `user` (arranging data without the UI). */
async function mutateAs<T>(baseURL: string, user: { email: string; password: string }, path: string, input: unknown): Promise<T> {
  const { api } = await loggedInApi(baseURL, user);
  const csrf = (await api.storageState()).cookies.find((c) => c.name === "atenda_csrf")?.value ?? "";
  const res = await api.post(`/trpc/${path}`, { headers: { "x-csrf-token": csrf }, data: { json: input } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
  const body = (await res.json()) as { result: { data: { json: T } } };
  await api.dispose();
  return body.result.data.json;
}

/**
 * /feature-suggestions and /admin/sugestoes (issue 19): a user suggests a feature, votes and changes
 * the vote; the admin plans it and replies; the user sees the new status and the team's answer (and
 * is e-mailed). The board is platform-wide, so each side searches for this run's own title.
 */
test.describe("[SUGGESTIONS]", () => {
  test("[SUGGESTIONS]: a user suggests and votes, the admin plans and replies, the user sees it", async ({ page, browser, baseURL, signedIn }) => {
    const title = `Relatório semanal ${Date.now().toString(36)}`;
    await page.goto("/feature-suggestions");
    await expect(page.getByRole("heading", { level: 1, name: "Sugira uma funcionalidade" })).toBeVisible();
    await expectAccessible(page, "sugestões");

    await page.getByRole("button", { name: "Nova sugestão" }).click();
    const dialog = page.getByRole("dialog", { name: "Nova sugestão" });
    await dialog.getByRole("button", { name: "Enviar sugestão" }).click();
    await expect(dialog.getByText("Título deve ter pelo menos 5 caracteres")).toBeVisible();
    await expect(dialog.getByText("Descrição deve ter pelo menos 10 caracteres")).toBeVisible();
    await expectAccessible(page, "nova sugestão, com erros");
    await dialog.getByLabel("Título").fill(title);
    await dialog.getByLabel("Descrição").fill("Receber toda segunda um resumo das conversas do agente por e-mail.");
    await dialog.getByLabel("Categoria").selectOption({ label: "Relatórios" });
    await dialog.getByRole("button", { name: "Enviar sugestão" }).click();
    await expect(dialog).toBeHidden();

    await page.getByLabel("Buscar").fill(title);
    const card = page.getByRole("article", { name: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Pendente");
    await expect(card).toContainText("Sua sugestão");
    await card.getByRole("button", { name: "Votar a favor, votos: 0" }).click();
    await expect(card.getByRole("button", { name: "Votar a favor, votos: 1" })).toHaveAttribute("aria-pressed", "true");
    await card.getByRole("button", { name: "Votar contra, votos: 0" }).click();
    await expect(card.getByRole("button", { name: "Votar contra, votos: 1" })).toHaveAttribute("aria-pressed", "true");
    await expect(card.getByRole("button", { name: "Votar a favor, votos: 0" })).toHaveAttribute("aria-pressed", "false");
    await expectAccessible(page, "sugestão votada");

    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await signInViaApi(admin, ADMIN);
    await admin.goto("/admin/sugestoes");
    await expect(admin.getByRole("heading", { level: 1, name: "Sugestões" })).toBeVisible();
    await admin.getByLabel("Buscar").fill(title);
    const row = admin.getByRole("row").filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(admin.getByRole("row")).toHaveCount(2);
    await expectAccessible(admin, "admin sugestões");
    await row.getByLabel(`Situação de ${title}`).selectOption({ label: "Planejada" });
    await expect(admin.getByText("Sugestão atualizada").first()).toBeVisible();
    await row.getByRole("button", { name: `Responder ${title}` }).click();
    const reply = admin.getByRole("dialog", { name: "Responder sugestão" });
    await reply.getByLabel("Resposta").fill("Obrigado! Entrou no planejamento do próximo trimestre.");
    await expectAccessible(admin, "responder sugestão");
    await reply.getByRole("button", { name: "Enviar resposta" }).click();
    await expect(reply).toBeHidden();
    await expect(row).toContainText("Resposta: Obrigado! Entrou no planejamento");
    await adminContext.close();

    await page.reload();
    await page.getByLabel("Buscar").fill(title);
    await expect(card).toContainText("Planejada");
    await expect(card.getByText("Resposta da equipe")).toBeVisible();
    await expect(card).toContainText("Obrigado! Entrou no planejamento do próximo trimestre.");
    // Planned: no longer the author's to edit or delete.
    await expect(card.getByRole("button", { name: "Excluir" })).toHaveCount(0);
    const mails = await readOutbox(baseURL ?? "", signedIn.email);
    expect(mails.some((m) => m.subject.includes(title) && m.text.includes("Planejada"))).toBe(true);
  });

  test("[SUGGESTIONS]: the admin merges a duplicate after confirming; its votes move to the target", async ({ page, baseURL }) => {
    const base = baseURL ?? "";
    const tag = Date.now().toString(36);
    const [author, voter] = await Promise.all([registerUser(base, { firstName: "Otto" }), registerUser(base, { firstName: "Vera" })]);
    const source = await mutateAs<{ id: string }>(base, author, "suggestions.create", { title: `Exportar contatos CSV ${tag}`, description: "Baixar a lista de contatos numa planilha." });
    await mutateAs(base, author, "suggestions.create", { title: `Exportar contatos Excel ${tag}`, description: "Baixar os contatos para abrir no Excel." });
    await mutateAs(base, voter, "suggestions.vote", { id: source.id, voteType: "up" });

    await signInViaApi(page, ADMIN);
    await page.goto("/admin/sugestoes");
    await page.getByLabel("Buscar").fill(tag);
    await expect(page.getByRole("row")).toHaveCount(3);
    const sourceRow = page.getByRole("row").filter({ hasText: `Exportar contatos CSV ${tag}` });
    await sourceRow.getByRole("button", { name: `Mesclar Exportar contatos CSV ${tag}` }).click();
    const dialog = page.getByRole("dialog", { name: "Mesclar sugestão" });
    await expect(dialog.getByRole("button", { name: "Mesclar" })).toBeDisabled();
    await dialog.getByLabel("Buscar sugestão de destino").fill(`Excel ${tag}`);
    await dialog.getByRole("radio", { name: `Exportar contatos Excel ${tag}` }).check();
    await expectAccessible(page, "mesclar sugestão");
    await dialog.getByRole("button", { name: "Mesclar" }).click();
    const confirm = page.getByRole("dialog", { name: "Mesclar sugestões?" });
    await expect(confirm).toContainText("seus votos serão transferidos");
    await confirm.getByRole("button", { name: "Mesclar" }).click();
    await expect(confirm).toBeHidden();
    await expect(sourceRow).toContainText("Mesclada");
    await expect(sourceRow.getByRole("button", { name: /^Mesclar/ })).toHaveCount(0);
    const targetRow = page.getByRole("row").filter({ hasText: `Exportar contatos Excel ${tag}` });
    await expect(targetRow).toContainText("(+1 / −0)");
  });
});
