import { ADMIN, expect, loggedInApi, readOutbox, registerUser, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

/** A 2×1 PNG: the screenshot of the bug report. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwnwEIGAEAJdUCAP+1zwQAAAAASUVORK5CYII=", "base64");

/**
 * /admin/suporte (issue 19 H5): the admin narrows the list by type and search, opens a bug report
 * with its screenshot, replies (the user is e-mailed) and moves its status and priority.
 */
test.describe("[ADMIN SUPPORT]", () => {
  test("[ADMIN SUPPORT]: the admin filters the requests, opens a bug report, replies and changes status and priority", async ({ page, baseURL }) => {
    const base = baseURL ?? "";
    const user = await registerUser(base, { firstName: "Bianca", lastName: "Suporte" });
    const { api } = await loggedInApi(base, user);
    const csrf = (await api.storageState()).cookies.find((c) => c.name === "atenda_csrf")?.value ?? "";
    const tag = `lote${Date.now().toString(36)}`;
    const post = async (multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) => {
      const res = await api.post("/api/v1/support/requests", { headers: { "x-csrf-token": csrf }, multipart });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { message: string }).message;
    };
    const message = await post({
      type: "bug",
      subject: `${tag} Botão Salvar travado`,
      description: "Cliquei em Salvar no agente e nada aconteceu.",
      priority: "medium",
      pageUrl: `${base}/agents`,
      appVersion: "e2e",
      attachments: { name: "tela.png", mimeType: "image/png", buffer: PNG },
    });
    expect(message).toMatch(/^Recebemos seu chamado #[0-9A-F]{6}\. Nossa equipe responde por e-mail e em Meus chamados\.$/);
    await post({ type: "question", subject: `${tag} Como treinar com PDF?`, description: "Posso enviar um PDF para o agente aprender?" });
    await api.dispose();

    await signInViaApi(page, ADMIN);
    await page.goto("/admin/suporte");
    await expect(page.getByRole("heading", { level: 1, name: "Suporte" })).toBeVisible();
    await page.getByLabel("Buscar").fill(tag);
    const rows = page.getByRole("row").filter({ hasText: tag });
    await expect(rows).toHaveCount(2);
    await expectAccessible(page, "admin suporte");

    await page.getByLabel("Tipo").selectOption({ label: "Dúvida" });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("Como treinar com PDF?");
    await page.getByLabel("Tipo").selectOption({ label: "Bug" });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("Bianca Suporte");
    await rows.getByRole("link", { name: `${tag} Botão Salvar travado` }).click();

    await expect(page.getByRole("heading", { level: 1, name: `${tag} Botão Salvar travado` })).toBeVisible();
    await expect(page.getByText("Cliquei em Salvar no agente e nada aconteceu.")).toBeVisible();
    await expect(page.getByText(`${base}/agents`)).toBeVisible();
    const screenshot = page.getByRole("img", { name: "tela.png" });
    await expect(screenshot).toBeVisible();
    await expect.poll(() => screenshot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await expect(page.getByText("Ninguém respondeu ainda.")).toBeVisible();
    await expectAccessible(page, "chamado de suporte");

    await page.getByLabel("Resposta").fill("Corrigimos o botão Salvar. Pode testar de novo?");
    await page.getByRole("button", { name: "Enviar resposta" }).click();
    await expect(page.getByText("Resposta enviada")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Corrigimos o botão Salvar. Pode testar de novo?" })).toContainText("Suporte");
    // Answering an open request puts it in progress.
    await expect(page.getByLabel("Situação", { exact: true })).toHaveValue("in_progress");
    await expect.poll(async () => (await readOutbox(base, user.email)).some((m) => m.subject === `Resposta ao seu chamado: ${tag} Botão Salvar travado`)).toBe(true);

    await page.getByLabel("Situação", { exact: true }).selectOption({ label: "Resolvido" });
    await expect(page.getByText("O chamado agora está resolvido.")).toBeVisible();
    await page.getByLabel("Prioridade").selectOption({ label: "Alta" });
    await expect(page.getByText("Prioridade alta.")).toBeVisible();
    await expectAccessible(page, "chamado respondido");

    await page.getByRole("link", { name: "← Suporte" }).click();
    await page.getByLabel("Buscar").fill(tag);
    await page.getByLabel("Situação", { exact: true }).selectOption({ label: "Resolvido" });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("Alta");
  });
});
