/**
 * Certificates (issue 19, H2): issued once when every lesson and quiz of a course is done, listed for
 * the learner, verifiable by code in public (name, course, date only), and downloadable as a PDF by
 * its owner or an admin.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { academyCertificates, academyCourses, academyEnrollments, academyLessons, academyModules, academyQuizAttempts, academyQuizQuestions, academyQuizzes, users } from "../db/schema";
import type { CertificateSummary, CertificateVerification, QuizStartResult, QuizSubmitResult } from "../src/schemas/academy/quiz";
import { extractText, getDocumentProxy } from "unpdf";
import { renderCertificatePdf } from "../src/services/academy/certificate-pdf";
import { settleCourseCompletion } from "../src/services/academy/completion";
import { type TestApp, startTestApp } from "./helpers/app";
import { type StarterQuiz, completeLessons, rightAnswers, starterCourse } from "./helpers/academy-starter";
import { Client, must } from "./helpers/client";
import { loginAdmin, registerUser } from "./helpers/factories";

let app: TestApp;
let starter: Awaited<ReturnType<typeof starterCourse>>;

beforeAll(async () => {
  app = await startTestApp();
  starter = await starterCourse(app);
}, 30_000);
afterAll(async () => {
  await app.stop();
}, 30_000);

async function pass(client: Client, quiz: StarterQuiz) {
  const started = await client.mutate<QuizStartResult>("academyQuiz.start", { quizId: quiz.id });
  const r = await client.mutate<QuizSubmitResult>("academyQuiz.submit", { attemptId: must(started.data, "attempt").attemptId, answers: rightAnswers(quiz) });
  return must(r.data, "submit result");
}

async function mine(client: Client) {
  return must((await client.query<CertificateSummary[]>("certificates.mine")).data, "certificates");
}

/** A learner who finishes the whole seeded course: lessons first, then every quiz. */
async function graduate() {
  const reg = await registerUser(app, { firstName: "Joana", lastName: "Brandão" });
  await completeLessons(app, reg.user.id, starter.course.id, starter.lessonIds);
  const results = [];
  for (const quiz of starter.quizzes) results.push(await pass(reg.client, quiz));
  return { ...reg, results };
}

describe("issue", () => {
  test("only the last missing piece completes the course; the certificate is issued once", async () => {
    const { client, user, results } = await graduate();
    expect(results.slice(0, -1).every((r) => !r.courseCompleted && r.certificateId === null)).toBe(true);
    const last = must(results.at(-1), "last result");
    expect(last.courseCompleted).toBe(true);
    const certificateId = must(last.certificateId, "certificate id");

    // Settling again (another lesson completion, a race) gives back the same certificate.
    const again = await Promise.all([1, 2, 3].map(() => settleCourseCompletion(app.deps, user.id, starter.course.id)));
    expect(again.every((s) => s.completed && s.certificateId === certificateId)).toBe(true);
    const rows = await app.deps.db.select().from(academyCertificates).where(eq(academyCertificates.userId, user.id));
    expect(rows).toHaveLength(1);
    const enrollment = await app.deps.db.select().from(academyEnrollments).where(eq(academyEnrollments.userId, user.id)).get();
    expect(enrollment?.completedAt).toBeNumber();

    const list = await mine(client);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: certificateId, courseTitle: "Primeiros passos com a Atenda", recipientName: "Joana Brandão" });
    expect(list[0]?.verificationCode).toMatch(/^ATD-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  });

  test("lessons not completed: passing every quiz gives no certificate", async () => {
    const { client } = await registerUser(app);
    const results = [];
    for (const quiz of starter.quizzes) results.push(await pass(client, quiz));
    expect(results.every((r) => !r.courseCompleted)).toBe(true);
    expect(await mine(client)).toEqual([]);
  });
});

describe("empty quiz", () => {
  test("a quiz without questions cannot be started and does not hold the course back", async () => {
    const db = app.deps.db;
    const [course] = await db.insert(academyCourses).values({ title: "Curso curto", isPublished: true }).returning();
    const courseId = must(course, "course").id;
    const [mod] = await db.insert(academyModules).values({ courseId, title: "Único" }).returning();
    const moduleId = must(mod, "module").id;
    const [lesson] = await db.insert(academyLessons).values({ moduleId, courseId, title: "Aula", lessonType: "text", processingStatus: "ready" }).returning();
    const [quiz] = await db.insert(academyQuizzes).values({ moduleId, courseId, title: "Vazio" }).returning();
    const { client, user } = await registerUser(app);
    const start = await client.mutate("academyQuiz.start", { quizId: must(quiz, "quiz").id });
    expect(start.error?.message).toBe("Este questionário ainda não tem perguntas.");
    await completeLessons(app, user.id, courseId, [must(lesson, "lesson").id]);
    const settled = await settleCourseCompletion(app.deps, user.id, courseId);
    expect(settled.completed).toBe(true);
    expect(settled.certificateId).toBeString();
  });

  test("a quiz passed and then emptied does not stand in for another quiz still to pass", async () => {
    const db = app.deps.db;
    const [course] = await db.insert(academyCourses).values({ title: "Curso com dois questionários", isPublished: true }).returning();
    const courseId = must(course, "course").id;
    const [mod] = await db.insert(academyModules).values({ courseId, title: "Único" }).returning();
    const moduleId = must(mod, "module").id;
    const [mod2] = await db.insert(academyModules).values({ courseId, title: "Segundo", sortOrder: 1 }).returning();
    const [lesson] = await db.insert(academyLessons).values({ moduleId, courseId, title: "Aula", lessonType: "text", processingStatus: "ready" }).returning();
    const quizzes = await db
      .insert(academyQuizzes)
      .values([
        { moduleId, courseId, title: "A" },
        { moduleId: must(mod2, "module 2").id, courseId, title: "B" },
      ])
      .returning();
    const [a, b] = [must(quizzes[0], "quiz A"), must(quizzes[1], "quiz B")];
    const question = (quizId: string) => ({ quizId, prompt: "Qual?", options: [{ id: "x", text: "X" }, { id: "y", text: "Y" }], correctOptionIds: ["x"] });
    await db.insert(academyQuizQuestions).values([question(a.id), question(b.id)]);
    const { user } = await registerUser(app);
    await completeLessons(app, user.id, courseId, [must(lesson, "lesson").id]);
    const now = Date.now();
    await db.insert(academyQuizAttempts).values({ quizId: a.id, userId: user.id, attemptNumber: 1, score: 100, passed: true, startedAt: now, submittedAt: now });
    // The admin empties A: it no longer counts as required, and its pass no longer counts either.
    await db.delete(academyQuizQuestions).where(eq(academyQuizQuestions.quizId, a.id));
    expect((await settleCourseCompletion(app.deps, user.id, courseId)).completed).toBe(false);
    await db.insert(academyQuizAttempts).values({ quizId: b.id, userId: user.id, attemptNumber: 1, score: 100, passed: true, startedAt: now, submittedAt: now });
    expect((await settleCourseCompletion(app.deps, user.id, courseId)).completed).toBe(true);
  });
});

describe("verification", () => {
  test("the public verification confirms name, course and date, and nothing else", async () => {
    const { client, user } = await graduate();
    const cert = must((await mine(client))[0], "certificate");
    // A later rename does not change a certificate already given.
    await app.deps.db.update(users).set({ firstName: "Outro" }).where(eq(users.id, user.id));
    const anonymous = new Client(app.base);
    const r = await anonymous.query<CertificateVerification>("certificates.verify", { code: ` ${cert.verificationCode.toLowerCase()} ` });
    expect(r.data).toEqual({ valid: true, recipientName: "Joana Brandão", courseTitle: "Primeiros passos com a Atenda", issuedAt: cert.issuedAt });
    const missing = await anonymous.query<CertificateVerification>("certificates.verify", { code: "ATD-2222-2222" });
    expect(missing.data).toEqual({ valid: false });
  });
});

describe("PDF", () => {
  test("the owner and an admin download it; it is a PDF with the code and the verification URL", async () => {
    const { client } = await graduate();
    const cert = must((await mine(client))[0], "certificate");
    const res = await client.get(cert.pdfUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain('attachment; filename="certificado-primeiros-passos-com-a-atenda.pdf"');
    // The client reads bodies as text: the binary parts blur, the ASCII header and link stay exact.
    const text = String(res.body);
    expect(text.startsWith("%PDF")).toBe(true);
    expect(text).toContain(`/certificado/${cert.verificationCode}`);

    // The printed text: name, course, the day in pt-BR and the code.
    const cookie = [...client.jar.entries()].map(([k, c]) => `${k}=${encodeURIComponent(c.value)}`).join("; ");
    const bytes = new Uint8Array(await (await fetch(`${app.base}${cert.pdfUrl}`, { headers: { cookie, "x-forwarded-for": client.ip } })).arrayBuffer());
    const printed = (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
    expect(printed).toContain("Joana Brandão");
    expect(printed).toContain("Primeiros passos com a Atenda");
    expect(printed).toMatch(/em \d{1,2} de [a-zç]+ de \d{4}/);
    expect(printed).toContain(`Código de verificação: ${cert.verificationCode}`);

    const admin = (await loginAdmin(app)).client;
    expect((await admin.get(cert.pdfUrl)).status).toBe(200);
  });

  test("another user gets 404, an anonymous caller 401", async () => {
    const { client } = await graduate();
    const cert = must((await mine(client))[0], "certificate");
    const stranger = (await registerUser(app)).client;
    expect((await stranger.get(cert.pdfUrl)).status).toBe(404);
    expect((await new Client(app.base).get(cert.pdfUrl)).status).toBe(401);
  });
});

describe("PDF rendering", () => {
  test("a name the standard fonts cannot draw still renders (accents dropped, unknown letters as ?)", async () => {
    const bytes = await renderCertificatePdf({
      recipientName: "Nguyễn Zoë 李",
      courseTitle: "Curso",
      issuedAt: Date.UTC(2026, 0, 1, 2, 0),
      verificationCode: "ATD-2345-6789",
      appUrl: "https://atenda.example",
    });
    const printed = (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;
    expect(printed).toContain("Nguyen Zoë ?");
    // 02:00 UTC on 1 January is still 31 December in São Paulo.
    expect(printed).toContain("em 31 de dezembro de 2025");
  });
});
