import { tinyMp4, tinyPdf } from "../test/fixtures/lesson-media";
import { ADMIN, expect, registerUser, signInViaApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

test.describe("[ADMIN ACADEMY]", () => {
  test("[ADMIN ACADEMY]: build a course (module, text lesson, quiz with a question), reorder by drag and by keyboard, publish, and a learner sees it", async ({ page, browser, baseURL }) => {
    const title = `Curso e2e ${Date.now().toString(36)}`;
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/academy");
    await expect(page.getByRole("heading", { level: 1, name: "Academy" })).toBeVisible();
    await expectAccessible(page, "lista de cursos");

    await page.getByRole("button", { name: "Novo curso" }).click();
    const courseDialog = page.getByRole("dialog", { name: "Novo curso" });
    await courseDialog.getByLabel("Título do curso").fill(title);
    await courseDialog.getByRole("button", { name: "Criar curso" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    for (const name of ["Módulo A", "Módulo B"]) {
      await page.getByLabel("Título do novo módulo").fill(name);
      await page.getByRole("button", { name: "Novo módulo" }).click();
      await expect(page.getByRole("heading", { name: new RegExp(`: ${name}$`) })).toBeVisible();
    }

    // A text lesson in the first module; the dialog stays open on it after creating.
    await page.getByRole("button", { name: "Nova aula" }).first().click();
    const lessonDialog = page.getByRole("dialog", { name: "Nova aula" });
    await lessonDialog.getByLabel("Título da aula").fill("Conhecendo o painel");
    await lessonDialog.getByLabel("Conteúdo (Markdown)").fill("# Bem-vindo\n\nO painel mostra seus agentes.");
    await lessonDialog.getByRole("button", { name: "Criar aula" }).click();
    await expect(page.getByRole("dialog", { name: "Editar aula" })).toBeVisible();
    await expectAccessible(page, "editor de aula");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Conhecendo o painel", exact: true })).toBeVisible();

    // The first module's quiz (70% and 3 attempts by default) with one question.
    const quizA = page.getByRole("region", { name: "Questionário do módulo Módulo A" });
    await expect(quizA.getByLabel("Nota mínima")).toHaveValue("70");
    await quizA.getByRole("button", { name: "Criar questionário" }).click();
    await expect(page.getByText("Questionário salvo")).toBeVisible();
    await quizA.getByRole("button", { name: "Nova pergunta" }).click();
    const question = page.getByRole("dialog", { name: "Nova pergunta" });
    await question.getByLabel("Enunciado").fill("Onde ficam os agentes?");
    await question.getByLabel("Texto da alternativa 1").fill("No painel");
    await question.getByLabel("Texto da alternativa 2").fill("Em lugar nenhum");
    await question.getByRole("button", { name: "Salvar pergunta" }).click();
    await expect(quizA.getByText("1. Onde ficam os agentes?")).toBeVisible();
    await expectAccessible(page, "editor de curso");

    // Drag and drop: Módulo B onto Módulo A puts it first.
    const handles = page.locator('[data-testid="sortable-módulo"] > span[aria-hidden="true"]');
    await handles.nth(1).dragTo(handles.nth(0));
    await expect(page.getByRole("heading", { name: "Módulo 1: Módulo B" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Módulo 1: Módulo B" })).toBeVisible();
    // And by keyboard: the move buttons put Módulo A back on top.
    await page.getByRole("button", { name: "Mover módulo Módulo A para cima" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Módulo 1: Módulo A" })).toBeVisible();

    // The switch follows the server: it turns on once the course is published.
    await page.getByRole("checkbox", { name: "Publicado" }).click();
    await expect(page.getByText("Curso publicado")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Publicado" })).toBeChecked();

    await page.getByRole("tab", { name: "Estatísticas" }).click();
    await expect(page.getByText("Taxa de conclusão")).toBeVisible();
    await expect(page.getByText("Questionário: Módulo A: 0 tentativas")).toBeVisible();
    await expectAccessible(page, "estatísticas do curso");

    const learner = await registerUser(baseURL ?? "");
    const context = await browser.newContext({ baseURL });
    const learnerPage = await context.newPage();
    await signInViaApi(learnerPage, learner);
    await learnerPage.goto("/academy");
    await expect(learnerPage.getByText(title)).toBeVisible();
    await context.close();
  });

  test("[ADMIN ACADEMY]: upload a lesson video with a progress bar up to 100%, it becomes ready with its duration, and a material is attached", async ({ page }) => {
    await signInViaApi(page, ADMIN);
    await page.goto("/admin/academy");
    await page.getByRole("button", { name: "Novo curso" }).click();
    await page.getByRole("dialog", { name: "Novo curso" }).getByLabel("Título do curso").fill(`Curso com vídeo ${Date.now().toString(36)}`);
    await page.getByRole("dialog", { name: "Novo curso" }).getByRole("button", { name: "Criar curso" }).click();
    await page.getByLabel("Título do novo módulo").fill("Vídeos");
    await page.getByRole("button", { name: "Novo módulo" }).click();
    await page.getByRole("button", { name: "Nova aula" }).click();
    const create = page.getByRole("dialog", { name: "Nova aula" });
    await create.getByLabel("Título da aula").fill("Aula gravada");
    await create.getByLabel("Tipo de aula").selectOption({ label: "Vídeo enviado" });
    await create.getByRole("button", { name: "Criar aula" }).click();

    const dialog = page.getByRole("dialog", { name: "Editar aula" });
    await dialog.getByLabel("Enviar vídeo (MP4, WebM ou MOV)").setInputFiles({ name: "aula.mp4", mimeType: "video/mp4", buffer: Buffer.from(tinyMp4(5)) });
    await expect(dialog.getByRole("progressbar", { name: "Progresso do envio do vídeo" })).toHaveAttribute("value", "100");
    await expect(dialog.getByText("100%")).toBeVisible();
    await expect(dialog.getByTestId("video-status")).toHaveText("Pronto", { timeout: 20_000 });
    await expect(dialog.getByText(/duração 0:05/)).toBeVisible();

    await dialog.getByLabel(/^Adicionar material/).setInputFiles({ name: "apostila.pdf", mimeType: "application/pdf", buffer: Buffer.from(tinyPdf()) });
    await expect(dialog.getByRole("progressbar", { name: "Progresso do envio do material" })).toHaveAttribute("value", "100");
    await expect(dialog.getByRole("link", { name: /apostila/ })).toBeVisible();
    await expectAccessible(page, "vídeo enviado");
  });
});
