/**
 * adminAcademy.* (issue 19, H3): the admin builds a course (modules → lessons → quiz → questions),
 * orders it, publishes it, sets who may open it, and reads its statistics; validation speaks pt-BR;
 * a normal user is refused and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import { academyCourses, academyEnrollments, academyLessonMaterials, academyLessonProgress, academyLessons, academyQuizAttempts, storedFiles } from "../db/schema";
import { absoluteFilePath, saveStoredFile } from "../src/services/files/store";
import { type TestApp, startTestApp } from "./helpers/app";
import type { Client } from "./helpers/client";
import { type PublicUser, loginAdmin, registerUser } from "./helpers/factories";

let app: TestApp;
let admin: Client;
let user: Client;
let learners: PublicUser[] = [];

beforeAll(async () => {
  app = await startTestApp();
  admin = (await loginAdmin(app)).client;
  const u = await registerUser(app);
  user = u.client;
  learners = [u.user, (await registerUser(app)).user, (await registerUser(app)).user];
}, 30_000);
afterAll(async () => {
  await app.stop();
}, 30_000);

type Tree = {
  id: string;
  title: string;
  isPublished: boolean;
  planIds: string[];
  modules: { id: string; title: string; lessons: { id: string; title: string; processingStatus: string }[]; quiz: { id: string; questions: { id: string; prompt: string; options: { id: string; text: string }[]; correctOptionIds: string[] }[] } | null }[];
};
const course = { description: "Como usar a Atenda", outcomes: ["Criar um agente"], difficultyLevel: "beginner", accessLevel: "public" };
const lesson = (moduleId: string, title: string) => ({ moduleId, title, description: "", lessonType: "text", contentMd: "# Olá", embedUrl: null });
const must = async <T>(p: Promise<{ ok: boolean; data: T; error: unknown }>) => {
  const r = await p;
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.data;
};
const tree = (id: string) => must(admin.query<Tree>("adminAcademy.courses.get", { id }));

async function buildCourse(title: string) {
  const { id } = await must(admin.mutate<{ id: string }>("adminAcademy.courses.create", { ...course, title }));
  const m1 = await must(admin.mutate<{ id: string }>("adminAcademy.modules.create", { courseId: id, title: "Módulo 1", description: "" }));
  const m2 = await must(admin.mutate<{ id: string }>("adminAcademy.modules.create", { courseId: id, title: "Módulo 2", description: "" }));
  const l1 = await must(admin.mutate<{ id: string }>("adminAcademy.lessons.create", lesson(m1.id, "Aula A")));
  const l2 = await must(admin.mutate<{ id: string }>("adminAcademy.lessons.create", lesson(m1.id, "Aula B")));
  const l3 = await must(admin.mutate<{ id: string }>("adminAcademy.lessons.create", lesson(m2.id, "Aula C")));
  return { id, m1: m1.id, m2: m2.id, l1: l1.id, l2: l2.id, l3: l3.id };
}

describe("[admin-academy] content", () => {
  test("the admin builds a course; order of modules, lessons and questions persists; a lesson moves between modules", async () => {
    const c = await buildCourse("Curso de ordem");
    await must(admin.mutate("adminAcademy.modules.reorder", { courseId: c.id, ids: [c.m2, c.m1] }));
    await must(admin.mutate("adminAcademy.lessons.reorder", { moduleId: c.m1, ids: [c.l2, c.l1] }));
    await must(admin.mutate("adminAcademy.lessons.move", { id: c.l1, moduleId: c.m2 }));
    const quiz = await must(admin.mutate<{ id: string }>("adminAcademy.quizzes.upsert", { moduleId: c.m1, title: "Questionário 1", description: "" }));
    const q = (prompt: string) => ({ quizId: quiz.id, prompt, kind: "single", options: [{ text: "Certo", correct: true }, { text: "Errado", correct: false }], explanation: "" });
    const q1 = await must(admin.mutate<{ id: string }>("adminAcademy.questions.create", q("Primeira?")));
    const q2 = await must(admin.mutate<{ id: string }>("adminAcademy.questions.create", q("Segunda?")));
    await must(admin.mutate("adminAcademy.questions.reorder", { quizId: quiz.id, ids: [q2.id, q1.id] }));

    const t = await tree(c.id);
    expect(t.modules.map((m) => m.title)).toEqual(["Módulo 2", "Módulo 1"]);
    expect(t.modules[0]?.lessons.map((l) => l.title)).toEqual(["Aula C", "Aula A"]);
    expect(t.modules[1]?.lessons.map((l) => l.title)).toEqual(["Aula B"]);
    expect(t.modules[1]?.quiz?.questions.map((x) => x.prompt)).toEqual(["Segunda?", "Primeira?"]);
    // The upsert defaults follow SPEC §9 (70 and 3 attempts).
    expect(t.modules[1]?.quiz).toMatchObject({ passingScore: 70, maxAttempts: 3, timeLimitMinutes: null });
  });

  test("editing a question keeps the ids of the options it still has", async () => {
    const c = await buildCourse("Curso de perguntas");
    const quiz = await must(admin.mutate<{ id: string }>("adminAcademy.quizzes.upsert", { moduleId: c.m1, title: "Questionário", description: "", timeLimitMinutes: 10 }));
    const { id } = await must(
      admin.mutate<{ id: string }>("adminAcademy.questions.create", { quizId: quiz.id, prompt: "Qual?", kind: "multiple", options: [{ text: "A", correct: true }, { text: "B", correct: true }, { text: "C", correct: false }], explanation: "" }),
    );
    const before = (await tree(c.id)).modules[0]?.quiz?.questions[0];
    const [a, b] = before?.options ?? [];
    await must(admin.mutate("adminAcademy.questions.update", { id, prompt: "Qual delas?", kind: "single", options: [{ id: a?.id, text: "A", correct: false }, { id: b?.id, text: "B!", correct: true }], explanation: "Porque sim" }));
    const after = (await tree(c.id)).modules[0]?.quiz?.questions[0];
    expect(after?.options).toEqual([{ id: a?.id ?? "", text: "A" }, { id: b?.id ?? "", text: "B!" }]);
    expect(after?.correctOptionIds).toEqual([b?.id ?? ""]);
  });

  test("an option id sent twice is kept once: the others get new ids, so the question stays answerable", async () => {
    const c = await buildCourse("Curso de ids repetidos");
    const quiz = await must(admin.mutate<{ id: string }>("adminAcademy.quizzes.upsert", { moduleId: c.m1, title: "Questionário", description: "" }));
    const { id } = await must(
      admin.mutate<{ id: string }>("adminAcademy.questions.create", { quizId: quiz.id, prompt: "Qual?", kind: "multiple", options: [{ text: "A", correct: true }, { text: "B", correct: false }], explanation: "" }),
    );
    const a = (await tree(c.id)).modules[0]?.quiz?.questions[0]?.options[0]?.id;
    // A copied option (an editor's "duplicate") carries the same id as the original.
    await must(admin.mutate("adminAcademy.questions.update", { id, prompt: "Qual?", kind: "multiple", options: [{ id: a, text: "A", correct: true }, { id: a, text: "A2", correct: true }, { text: "B", correct: false }], explanation: "" }));
    const after = (await tree(c.id)).modules[0]?.quiz?.questions[0];
    const ids = after?.options.map((o) => o.id) ?? [];
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]).toBe(a ?? "");
    expect(after?.correctOptionIds).toEqual(ids.slice(0, 2));
  });

  test("publish needs a lesson, unpublish hides it again, and delete removes the course", async () => {
    const { id } = await must(admin.mutate<{ id: string }>("adminAcademy.courses.create", { ...course, title: "Curso vazio" }));
    const empty = await admin.mutate("adminAcademy.courses.publish", { id });
    expect(empty.error?.message).toBe("Adicione pelo menos uma aula antes de publicar o curso.");
    const c = await buildCourse("Curso publicado");
    await must(admin.mutate("adminAcademy.courses.publish", { id: c.id }));
    expect((await tree(c.id)).isPublished).toBe(true);
    const published = await must(admin.query<{ items: { id: string }[] }>("adminAcademy.courses.list", { published: "published", q: "publicado" }));
    expect(published.items.map((i) => i.id)).toEqual([c.id]);
    await must(admin.mutate("adminAcademy.courses.unpublish", { id: c.id }));
    const drafts = await must(admin.query<{ items: { id: string }[] }>("adminAcademy.courses.list", { published: "draft", q: "publicado" }));
    expect(drafts.items.map((i) => i.id)).toEqual([c.id]);
    await must(admin.mutate("adminAcademy.courses.delete", { id }));
    expect((await admin.query("adminAcademy.courses.get", { id })).error?.message).toBe("Curso não encontrado.");
  });

  test("validation answers in pt-BR", async () => {
    const c = await buildCourse("Curso de validação");
    const embed = await admin.mutate("adminAcademy.lessons.create", { ...lesson(c.m1, "Vídeo"), lessonType: "embed", embedUrl: "https://evil.example.com/v" });
    expect(embed.error?.message).toBe("Informe um link https do YouTube ou do Vimeo");
    const ok = await admin.mutate("adminAcademy.lessons.create", { ...lesson(c.m1, "Vídeo"), lessonType: "embed", embedUrl: "https://www.youtube.com/watch?v=abc" });
    expect(ok.ok).toBe(true);
    const quiz = await must(admin.mutate<{ id: string }>("adminAcademy.quizzes.upsert", { moduleId: c.m1, title: "Questionário", description: "" }));
    const noRight = await admin.mutate("adminAcademy.questions.create", { quizId: quiz.id, prompt: "Qual?", kind: "single", options: [{ text: "A", correct: false }, { text: "B", correct: false }] });
    expect(noRight.error?.message).toBe("Marque pelo menos uma alternativa correta");
    const twoRight = await admin.mutate("adminAcademy.questions.create", { quizId: quiz.id, prompt: "Qual?", kind: "single", options: [{ text: "A", correct: true }, { text: "B", correct: true }] });
    expect(twoRight.error?.message).toBe("Uma pergunta de escolha única tem exatamente uma alternativa correta");
    const oneOption = await admin.mutate("adminAcademy.questions.create", { quizId: quiz.id, prompt: "Qual?", kind: "single", options: [{ text: "A", correct: true }] });
    expect(oneOption.error?.message).toBe("A pergunta precisa de 2 a 8 alternativas");
    const stale = await admin.mutate("adminAcademy.lessons.reorder", { moduleId: c.m1, ids: [c.l1] });
    expect(stale.error?.message).toBe("A lista mudou enquanto você reordenava. Recarregue a página e tente de novo.");
    // The right length and only known ids, but one twice: the other lesson would be left out of the order.
    const twice = await admin.mutate("adminAcademy.lessons.reorder", { moduleId: c.m1, ids: [c.l1, c.l1] });
    expect(twice.error?.message).toBe("A nova ordem repete um item");
    const short = await admin.mutate("adminAcademy.courses.create", { ...course, title: "A" });
    expect(short.error?.message).toBe("O título do curso deve ter pelo menos 3 caracteres");
  });

  test("a text lesson up to its 100,000-character limit is saved (not refused as a too-large request)", async () => {
    const c = await buildCourse("Curso de texto longo");
    // Accented text: 100,000 characters are ~200 KB of JSON, far over the 64 KB default body limit.
    const contentMd = "ação ".repeat(20_000);
    const created = await admin.mutate<{ id: string }>("adminAcademy.lessons.create", { ...lesson(c.m1, "Aula longa"), contentMd });
    expect(created.error).toBeNull();
    const updated = await admin.mutate("adminAcademy.lessons.update", { ...lesson(c.m1, "Aula longa"), moduleId: undefined, id: created.data.id, contentMd });
    expect(updated.error).toBeNull();
    const [row] = await app.deps.db.select({ contentMd: academyLessons.contentMd }).from(academyLessons).where(eq(academyLessons.id, created.data.id));
    expect(row?.contentMd.length).toBe(100_000);
    const over = await admin.mutate("adminAcademy.lessons.create", { ...lesson(c.m1, "Aula longa demais"), contentMd: `${contentMd}a` });
    expect(over.error?.message).toBe("O conteúdo deve ter no máximo 100000 caracteres");
  });

  test("deleting a material or a module removes their stored files from disk too", async () => {
    const c = await buildCourse("Curso com arquivos");
    const store = async (purpose: "lesson_video" | "lesson_material", lessonId: string) =>
      saveStoredFile(app.deps, { purpose, refId: lessonId, fileName: "arquivo.pdf", mimeType: "application/pdf" }, new TextEncoder().encode("%PDF-1.4"), { maxBytes: 1024, message: "grande" });
    const material = await store("lesson_material", c.l1);
    const [row] = await app.deps.db.insert(academyLessonMaterials).values({ lessonId: c.l1, fileId: material.id, title: "Apostila" }).returning();
    const video = await store("lesson_video", c.l3);
    await app.deps.db.update(academyLessons).set({ lessonType: "video", videoFileId: video.id, processingStatus: "ready" }).where(eq(academyLessons.id, c.l3));
    const listed = await must(admin.query<{ title: string; url: string }[]>("adminAcademy.materials.list", { lessonId: c.l1 }));
    expect(listed).toEqual([expect.objectContaining({ title: "Apostila", url: `/api/v1/files/${material.id}` })]);
    await must(admin.mutate("adminAcademy.materials.rename", { id: row?.id, title: "Apostila completa" }));
    expect((await tree(c.id)).modules[0]?.lessons[0]).toMatchObject({ materials: [expect.objectContaining({ title: "Apostila completa" })] });

    await must(admin.mutate("adminAcademy.materials.delete", { id: row?.id }));
    expect(existsSync(absoluteFilePath(app.deps.env, material))).toBe(false);
    await must(admin.mutate("adminAcademy.modules.delete", { id: c.m2 }));
    expect(existsSync(absoluteFilePath(app.deps.env, video))).toBe(false);
    const left = await app.deps.db.select().from(storedFiles).where(eq(storedFiles.refId, c.l3));
    expect(left).toEqual([]);
    expect((await tree(c.id)).modules.map((m) => m.title)).toEqual(["Módulo 1"]);
  });

  test("access lists are replaced and unknown workspaces refused", async () => {
    const c = await buildCourse("Curso restrito");
    const options = await must(admin.query<{ plans: { id: string }[]; workspaces: { id: string }[] }>("adminAcademy.courses.accessOptions", { q: "" }));
    const planId = options.plans[0]?.id;
    expect(planId).toBeDefined();
    await must(admin.mutate("adminAcademy.courses.update", { ...course, id: c.id, title: "Curso restrito", accessLevel: "plan" }));
    await must(admin.mutate("adminAcademy.courses.setAccess", { courseId: c.id, planIds: [planId], workspaceIds: [] }));
    expect((await tree(c.id)).planIds).toEqual([planId ?? ""]);
    const bad = await admin.mutate("adminAcademy.courses.setAccess", { courseId: c.id, planIds: [], workspaceIds: ["00000000-0000-4000-8000-000000000000"] });
    expect(bad.error?.message).toBe("Workspace não encontrado.");
    expect((await tree(c.id)).planIds).toEqual([planId ?? ""]);
  });
});

describe("[admin-academy] stats and access", () => {
  test("stats count enrolled, completed, quiz pass rate and lessons completed per module", async () => {
    const c = await buildCourse("Curso com números");
    const quiz = await must(admin.mutate<{ id: string }>("adminAcademy.quizzes.upsert", { moduleId: c.m1, title: "Questionário", description: "" }));
    const [a, b, d] = learners.map((l) => l.id);
    const now = Date.now();
    const db = app.deps.db;
    await db.insert(academyEnrollments).values([
      { userId: a ?? "", courseId: c.id, completedAt: now },
      { userId: b ?? "", courseId: c.id },
      { userId: d ?? "", courseId: c.id },
      ]);
    await db.insert(academyLessonProgress).values([
      { userId: a ?? "", lessonId: c.l1, courseId: c.id, percent: 100, completedAt: now },
      { userId: a ?? "", lessonId: c.l3, courseId: c.id, percent: 100, completedAt: now },
      { userId: b ?? "", lessonId: c.l1, courseId: c.id, percent: 40 },
    ]);
    await db.insert(academyQuizAttempts).values([
      { quizId: quiz.id, userId: a ?? "", attemptNumber: 1, score: 50, passed: false, startedAt: now, submittedAt: now },
      { quizId: quiz.id, userId: a ?? "", attemptNumber: 2, score: 100, passed: true, startedAt: now, submittedAt: now },
      { quizId: quiz.id, userId: b ?? "", attemptNumber: 1, score: 25, passed: false, startedAt: now, submittedAt: now },
      { quizId: quiz.id, userId: d ?? "", attemptNumber: 1, startedAt: now },
    ]);
    const s = await must(admin.query<{ enrolled: number; completed: number; completionRate: number; modules: { lessonsCompleted: number; lessonCount: number }[]; quizzes: { attempts: number; passRate: number }[] }>("adminAcademy.stats", { courseId: c.id }));
    expect(s).toMatchObject({ enrolled: 3, completed: 1, completionRate: 33 });
    expect(s.modules.map((m) => [m.lessonCount, m.lessonsCompleted])).toEqual([[2, 1], [1, 1]]);
    // An open attempt is no result yet: 3 submitted attempts by 2 learners, 1 of them passed.
    expect(s.quizzes).toEqual([expect.objectContaining({ attempts: 3, passRate: 50 })]);
    const list = await must(admin.query<{ items: { id: string; enrolled: number; completed: number }[] }>("adminAcademy.courses.list", { q: "números" }));
    expect(list.items).toEqual([expect.objectContaining({ id: c.id, enrolled: 3, completed: 1 })]);
  });

  test("a normal user is refused on reads and writes, and nothing changes", async () => {
    const c = await buildCourse("Curso protegido");
    const reads = await Promise.all([user.query("adminAcademy.courses.list", {}), user.query("adminAcademy.courses.get", { id: c.id }), user.query("adminAcademy.stats", { courseId: c.id })]);
    for (const r of reads) expect(r.status).toBe(403);
    const writes = await Promise.all([
      user.mutate("adminAcademy.courses.publish", { id: c.id }),
      user.mutate("adminAcademy.courses.delete", { id: c.id }),
      user.mutate("adminAcademy.lessons.delete", { id: c.l1 }),
      user.mutate("adminAcademy.modules.reorder", { courseId: c.id, ids: [c.m2, c.m1] }),
    ]);
    for (const w of writes) expect(w.status).toBe(403);
    const [row] = await app.deps.db.select().from(academyCourses).where(eq(academyCourses.id, c.id));
    expect(row?.isPublished).toBe(false);
    const t = await tree(c.id);
    expect(t.modules.map((m) => m.title)).toEqual(["Módulo 1", "Módulo 2"]);
    expect(t.modules[0]?.lessons).toHaveLength(2);
  });
});
