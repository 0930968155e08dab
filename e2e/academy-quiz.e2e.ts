import type { APIRequestContext } from "@playwright/test";
import { STARTER_COURSE } from "../src/services/academy/seed-course-content";
import { expect, loggedInApi, test } from "./fixtures";
import { expectAccessible } from "./support/axe";

type Course = { id: string; title: string; modules: { title: string; quiz: { id: string } | null; lessons: { id: string }[] }[] };
type Quiz = { questions: { id: string; prompt: string }[] };

/** tRPC over plain HTTP (superjson envelopes), for arranging the course without the pages. */
function trpcOf(api: APIRequestContext) {
  const unwrap = async <T>(r: Awaited<ReturnType<APIRequestContext["get"]>>, what: string) => {
    expect(r.ok(), `${what}: ${await r.text()}`).toBeTruthy();
    return ((await r.json()) as { result: { data: { json: T } } }).result.data.json;
  };
  const csrf = async () => (await api.storageState()).cookies.find((c) => c.name === "atenda_csrf")?.value ?? "";
  return {
    query: async <T>(path: string, input?: unknown) =>
      unwrap<T>(await api.get(`/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`), path),
    mutate: async <T>(path: string, input: unknown) =>
      unwrap<T>(await api.post(`/trpc/${path}`, { headers: { "x-csrf-token": await csrf() }, data: { json: input } }), path),
  };
}

const seedModule = (title: string) => {
  const found = STARTER_COURSE.modules.find((m) => m.title === title);
  if (!found) throw new Error(`module ${title} is not in the seed`);
  return found;
};

/** The right option ids of a quiz, matched to the seed by prompt (option ids are the seed's stable letters). */
const rightAnswers = (moduleTitle: string, quiz: Quiz) =>
  Object.fromEntries(quiz.questions.map((q) => [q.id, [...(seedModule(moduleTitle).quiz.questions.find((s) => s.prompt === q.prompt)?.correct ?? [])]]));

test.describe("[ACADEMY QUIZ]", () => {
  test("[ACADEMY QUIZ]: a learner fails, then passes the first module's quiz, gets the certificate and anyone can verify it", async ({ page, signedIn, baseURL, browser }) => {
    test.setTimeout(120_000);
    // Setup through the API: every lesson completed and the quizzes of modules 2–4 passed.
    const { api } = await loggedInApi(baseURL ?? "", signedIn);
    const rpc = trpcOf(api);
    const courses = await rpc.query<{ id: string; title: string }[]>("academy.courses");
    const courseId = courses.find((c) => c.title === STARTER_COURSE.title)?.id ?? "";
    const course = await rpc.query<Course>("academy.course", { id: courseId });
    for (const lesson of course.modules.flatMap((m) => m.lessons)) await rpc.mutate("academy.complete", { lessonId: lesson.id });
    for (const m of course.modules.slice(1)) {
      const quizId = m.quiz?.id ?? "";
      const quiz = await rpc.query<Quiz>("academyQuiz.get", { quizId });
      const { attemptId } = await rpc.mutate<{ attemptId: string }>("academyQuiz.start", { quizId });
      const result = await rpc.mutate<{ passed: boolean }>("academyQuiz.submit", { attemptId, answers: rightAnswers(m.title, quiz) });
      expect(result.passed).toBe(true);
    }
    const first = course.modules[0];
    const firstSeed = seedModule(first?.title ?? "");

    // The quiz page: rules, then a timed attempt.
    await page.goto(`/academy/quizzes/${first?.quiz?.id}`);
    await expect(page.getByRole("heading", { name: firstSeed.quiz.title, level: 1 })).toBeVisible();
    await expect(page.getByText("Nota mínima: 70%", { exact: false })).toBeVisible();
    await expect(page.getByText("Tentativas usadas: 0 de 3", { exact: false })).toBeVisible();
    await expectAccessible(page, "questionário antes de começar");
    await page.getByRole("button", { name: "Iniciar questionário" }).click();
    await expect(page.getByRole("timer", { name: "Tempo restante" })).toContainText("Tempo restante:");

    // Attempt 1: every question wrong (the first wrong option of each).
    const form = page.getByRole("form", { name: "Responder questionário" });
    for (const q of firstSeed.quiz.questions) {
      const group = form.getByRole("group", { name: q.prompt });
      const wrong = q.options.find((o) => !(q.correct as readonly string[]).includes(o.id));
      await group.getByLabel(wrong?.text ?? "", { exact: true }).check();
    }
    await expectAccessible(page, "questionário respondendo");
    await form.getByRole("button", { name: "Enviar respostas" }).click();
    await expect(page.getByRole("heading", { name: "Não foi desta vez" })).toBeVisible();
    await expect(page.getByText("Sua nota: 0%", { exact: false })).toBeVisible();
    await expect(page.getByText("Tentativas restantes: 2")).toBeVisible();
    // Not the last attempt: the right answers stay hidden.
    await expect(page.getByRole("heading", { name: "Respostas corretas" })).toHaveCount(0);
    await expectAccessible(page, "resultado reprovado");

    // Attempt 2: every question right.
    await page.getByRole("button", { name: "Tentar novamente" }).click();
    for (const q of firstSeed.quiz.questions) {
      const group = form.getByRole("group", { name: q.prompt });
      for (const id of q.correct) await group.getByLabel(q.options.find((o) => o.id === id)?.text ?? "", { exact: true }).check();
    }
    // A reload mid-attempt keeps the same attempt and what was marked.
    await page.reload();
    await expect(page.getByText("Tentativa 2 de 3")).toBeVisible();
    const firstQuestion = firstSeed.quiz.questions[0];
    const firstRight = firstQuestion?.options.find((o) => o.id === firstQuestion.correct[0])?.text ?? "";
    await expect(form.getByRole("group", { name: firstQuestion?.prompt }).getByLabel(firstRight, { exact: true })).toBeChecked();
    await form.getByRole("button", { name: "Enviar respostas" }).click();
    await expect(page.getByRole("heading", { name: "Aprovado!" })).toBeVisible();
    await expect(page.getByText("Sua nota: 100%", { exact: false })).toBeVisible();
    await expect(page.getByText("Curso concluído! Seu certificado está pronto.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Respostas corretas" })).toBeVisible();
    await expect(page.getByRole("table")).toContainText("Reprovado");
    await expectAccessible(page, "resultado aprovado com revisão");

    // The certificate downloads as a PDF.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Baixar certificado" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("certificado-primeiros-passos-com-a-atenda.pdf");

    // Anyone (no session) verifies it by its code; a wrong code is not found.
    const [certificate] = await rpc.query<{ verificationCode: string }[]>("certificates.mine");
    const visitor = await browser.newPage();
    await visitor.goto(`${baseURL}/certificado/${certificate?.verificationCode}`);
    await expect(visitor.getByRole("heading", { name: "Verificação de certificado" })).toBeVisible();
    await expect(visitor.getByText("Certificado válido")).toBeVisible();
    await expect(visitor.getByText(`${signedIn.firstName} ${signedIn.lastName}`)).toBeVisible();
    await expect(visitor.getByText(STARTER_COURSE.title)).toBeVisible();
    await expectAccessible(visitor, "verificação de certificado válido");
    await visitor.goto(`${baseURL}/certificado/ATD-2222-2222`);
    await expect(visitor.getByText("Certificado não encontrado")).toBeVisible();
    await expectAccessible(visitor, "certificado não encontrado");
    // No answer from the server is not "not found": the visitor is told to try again, and can.
    await visitor.route("**/trpc/certificates.verify*", (r) => r.abort());
    await visitor.goto(`${baseURL}/certificado/${certificate?.verificationCode}`);
    await expect(visitor.getByText("Não foi possível verificar o certificado agora.")).toBeVisible({ timeout: 15_000 });
    await expect(visitor.getByText("Certificado não encontrado")).toHaveCount(0);
    await visitor.unroute("**/trpc/certificates.verify*");
    await visitor.getByRole("button", { name: "Tentar novamente" }).click();
    await expect(visitor.getByText("Certificado válido")).toBeVisible();
    // A malformed escape in the address still answers (it used to crash the page).
    await visitor.goto(`${baseURL}/certificado/ATD-%25E0%25A4`);
    await expect(visitor.getByText("Certificado não encontrado")).toBeVisible();
    await visitor.close();
    await api.dispose();
  });
});
