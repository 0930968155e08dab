import { ADMIN, expect, loggedInApi, registerUser, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("Meus chamados", () => {
  test("[SUPPORT]: the user opens a question, the admin replies, the user reads it, answers and closes", async ({ page, loggedIn, baseURL }) => {
    void loggedIn;
    await page.getByRole("button", { name: "Menu do usuário" }).click();
    await page.getByRole("menuitem", { name: "Abrir chamado" }).click();
    const dialog = page.getByRole("dialog", { name: "Abrir chamado" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Tipo")).toHaveValue("question");
    await dialog.getByRole("button", { name: "Abrir chamado" }).click();
    await expect(dialog.getByText("Informe o assunto (até 200 caracteres).")).toBeVisible();
    await expect(dialog.getByText("Descreva a solicitação (até 10.000 caracteres).")).toBeVisible();
    await expectAccessible(page, "diálogo Abrir chamado com erros");

    const subject = `Como conecto o WhatsApp? ${Date.now().toString(36)}`;
    await dialog.getByLabel("Tipo").selectOption({ label: "Dúvida" });
    await dialog.getByLabel("Assunto").fill(subject);
    await dialog.getByLabel("Descrição").fill("Tenho um número comercial e não sei se uso a Cloud API ou servidor próprio.");
    await dialog.getByRole("button", { name: "Abrir chamado" }).click();
    await expect(page.getByText("Chamado aberto")).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await page.getByRole("button", { name: "Menu do usuário" }).click();
    await page.getByRole("menuitem", { name: "Meus chamados" }).click();
    await expect(page).toHaveURL(/\/meus-chamados$/);
    await expect(page.getByRole("heading", { name: "Meus chamados" })).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(subject.replace(/[?]/g, "\\?")) });
    await expect(row.getByText("Dúvida")).toBeVisible();
    await expect(row.getByText("Aberto")).toBeVisible();
    await expect(row.getByText("Aguardando resposta")).toBeVisible();
    await expectAccessible(page, "Meus chamados");

    // The support team answers (their page is covered by e2e/admin-support.e2e.ts).
    const admin = await loggedInApi(baseURL ?? "", ADMIN);
    const input = encodeURIComponent(JSON.stringify({ json: { page: 1, pageSize: 20, q: subject } }));
    const res = await admin.api.get(`/trpc/adminSupport.list?input=${input}`);
    expect(res.ok(), await res.text()).toBeTruthy();
    const list = (await res.json()) as { result: { data: { json: { items: { id: string; subject: string }[] } } } };
    const id = list.result.data.json.items.find((i) => i.subject === subject)?.id ?? "";
    expect(id).not.toBe("");
    await admin.write("post", "/trpc/adminSupport.reply", { json: { id, body: "Use a Cloud API: em Canais, clique em Conectar WhatsApp.", status: "in_progress" } });
    await admin.api.dispose();

    await page.reload();
    await expect(row.getByText("Em andamento")).toBeVisible();
    await expect(row.getByText("Equipe Atenda")).toBeVisible();
    await row.getByRole("link", { name: subject }).click();
    await expect(page).toHaveURL(new RegExp(`/meus-chamados/${id}$`));
    await expect(page.getByRole("heading", { name: subject })).toBeVisible();
    await expect(page.getByText("Use a Cloud API: em Canais, clique em Conectar WhatsApp.")).toBeVisible();
    await expectAccessible(page, "chamado com resposta");

    await page.getByLabel("Sua resposta").fill("Funcionou, obrigada!");
    await page.getByRole("button", { name: "Enviar resposta" }).click();
    await expect(page.getByText("Resposta enviada")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Funcionou, obrigada!" })).toBeVisible();

    await page.getByRole("button", { name: "Fechar chamado" }).click();
    const confirm = page.getByRole("dialog", { name: "Fechar chamado?" });
    await confirm.getByRole("button", { name: "Fechar chamado" }).click();
    await expect(page.getByText("Fechado", { exact: true })).toBeVisible();
    await expect(page.getByText("Responder reabre o chamado.")).toBeVisible();

    // The status filter: closed shows it, open does not.
    await page.getByRole("link", { name: "← Meus chamados" }).click();
    await page.getByLabel("Status").selectOption({ label: "Fechado" });
    await expect(page.getByRole("link", { name: subject })).toBeVisible();
    await page.getByLabel("Status").selectOption({ label: "Aberto" });
    await expect(page.getByText("Nenhum chamado com esse status.")).toBeVisible();
  });

  test("[SUPPORT]: another user's request reads as not found", async ({ page, signedIn, baseURL }) => {
    void signedIn;
    const other = await loggedInApi(baseURL ?? "", await registerUser(baseURL ?? "", { firstName: "Outra" }));
    const csrf = (await other.api.storageState()).cookies.find((c) => c.name === "atenda_csrf")?.value ?? "";
    const res = await other.api.post("/api/v1/support/requests", {
      headers: { "x-csrf-token": csrf },
      multipart: { type: "billing", subject: "Cobrança em dobro", description: "Fui cobrada duas vezes." },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { data } = (await res.json()) as { data: { id: string } };
    await other.api.dispose();

    await page.goto(`/meus-chamados/${data.id}`);
    await expect(page.getByRole("alert")).toContainText("Chamado não encontrado.");
    await expect(page.getByText("Fui cobrada duas vezes.")).toHaveCount(0);
    await page.goto("/meus-chamados");
    await expect(page.getByText("Você ainda não abriu nenhum chamado.")).toBeVisible();
  });
});
