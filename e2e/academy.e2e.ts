import { expect, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

const COURSE = "Primeiros passos com a Atenda";

test.describe("[ACADEMY]", () => {
  test("[ACADEMY]: a learner finds the seeded course, reads a text lesson, marks it complete and continues where they stopped", async ({ page, signedIn }) => {
    expect(signedIn.email).toBeTruthy();
    // The sidebar shows Academy as 'Em Breve' to users; the page works by URL.
    await page.goto("/academy");
    await expect(page.getByRole("heading", { name: "Academy", level: 1 })).toBeVisible();
    const courses = page.getByRole("list", { name: "Cursos" });
    await expect(courses.getByRole("link", { name: COURSE })).toBeVisible();
    await expect(courses.getByRole("listitem").filter({ hasText: COURSE })).toContainText("Iniciante");
    await expectAccessible(page, "academy: catálogo");

    // Search and level filter.
    await page.getByLabel("Nível").selectOption("advanced");
    await expect(page.getByText("Nenhum curso encontrado.")).toBeVisible();
    await page.getByLabel("Nível").selectOption("beginner");
    await page.getByLabel("Buscar cursos").fill("primeiros passos");
    await courses.getByRole("link", { name: COURSE }).click();

    // The course page: modules in order, nothing done yet.
    await expect(page.getByRole("heading", { name: COURSE, level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Módulo 1: / })).toBeVisible();
    await expect(page.getByText("0% concluído")).toBeVisible();
    await expectAccessible(page, "academy: curso");
    await page.getByRole("link", { name: "Começar curso" }).click();

    // The first lesson is text (markdown): read it and mark it complete.
    await expect(page).toHaveURL(/\/academy\/lessons\/[0-9a-f-]{36}$/);
    const lessonUrl = page.url();
    const lessonTitle = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
    await expect(page.locator("article .md")).not.toBeEmpty();
    await expectAccessible(page, "academy: aula");
    await page.getByRole("button", { name: "Marcar como concluída" }).click();
    await expect(page.getByText("Aula concluída")).toBeVisible();
    await expect(page.getByText("Concluída", { exact: true })).toBeVisible();

    // Back on the course: progress moved, the lesson is done, "Continuar de onde parei" returns to it.
    await page.getByRole("navigation", { name: "Navegação" }).getByRole("link", { name: COURSE }).click();
    await expect(page.getByRole("heading", { name: COURSE, level: 1 })).toBeVisible();
    await expect(page.getByText(/^[1-9]\d*% concluído$/)).toBeVisible();
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("link", { name: lessonTitle, exact: true }) })).toContainText("Concluída");
    await page.getByRole("link", { name: "Continuar de onde parei" }).click();
    await expect(page).toHaveURL(lessonUrl);
    await expect(page.getByRole("heading", { name: lessonTitle, level: 1 })).toBeVisible();

    // The catalogue shows the same progress.
    await page.goto("/academy");
    await expect(page.getByRole("listitem").filter({ hasText: COURSE }).getByText(/^[1-9]\d*% concluído$/)).toBeVisible();
  });

  test("[ACADEMY]: a course or lesson that does not exist says so and leads back to the catalogue", async ({ page, signedIn }) => {
    expect(signedIn.email).toBeTruthy();
    await page.goto("/academy/courses/01900000-0000-7000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "Curso indisponível", level: 1 })).toBeVisible();
    await expect(page.getByText("Curso não encontrado.")).toBeVisible();
    await page.goto("/academy/lessons/01900000-0000-7000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "Aula indisponível", level: 1 })).toBeVisible();
    await expect(page.getByText("Aula não encontrada.")).toBeVisible();
    await expectAccessible(page, "academy: aula inexistente");
    await page.getByRole("link", { name: "Voltar para a Academy" }).click();
    await expect(page.getByRole("heading", { name: "Academy", level: 1 })).toBeVisible();
  });
});
