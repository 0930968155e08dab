import type { ProcedureExpectation } from "./guard-procedures";

/** No course of the fixture: the non-admin is refused before the id is even looked up. */
const MISSING = "00000000-0000-4000-8000-000000000000";
const admin = (input?: () => unknown): ProcedureExpectation => ({ access: "admin", input });
const byId = () => ({ id: MISSING });

/** Access of the issue-19 adminAcademy procedures: merged into PROCEDURES by guard-procedures.ts. */
export const ADMIN_ACADEMY_PROCEDURES: Record<string, ProcedureExpectation> = {
  "adminAcademy.courses.list": admin(() => ({ q: "", published: "all", page: 1, pageSize: 20 })),
  "adminAcademy.courses.get": admin(byId),
  "adminAcademy.courses.create": admin(() => ({ title: "Curso da guarda", description: "", outcomes: [], difficultyLevel: "beginner", accessLevel: "public" })),
  "adminAcademy.courses.update": admin(() => ({ id: MISSING, title: "Curso da guarda", description: "", outcomes: [], difficultyLevel: "beginner", accessLevel: "public" })),
  "adminAcademy.courses.delete": admin(byId),
  "adminAcademy.courses.publish": admin(byId),
  "adminAcademy.courses.unpublish": admin(byId),
  "adminAcademy.courses.reorder": admin(() => ({ ids: [MISSING] })),
  "adminAcademy.courses.setAccess": admin(() => ({ courseId: MISSING, planIds: [], workspaceIds: [] })),
  "adminAcademy.courses.accessOptions": admin(() => ({ q: "" })),
  "adminAcademy.modules.create": admin(() => ({ courseId: MISSING, title: "Módulo da guarda", description: "" })),
  "adminAcademy.modules.update": admin(() => ({ id: MISSING, title: "Módulo da guarda", description: "" })),
  "adminAcademy.modules.delete": admin(byId),
  "adminAcademy.modules.reorder": admin(() => ({ courseId: MISSING, ids: [MISSING] })),
  "adminAcademy.lessons.create": admin(() => ({ moduleId: MISSING, title: "Aula da guarda", description: "", lessonType: "text", contentMd: "Texto", embedUrl: null })),
  "adminAcademy.lessons.update": admin(() => ({ id: MISSING, title: "Aula da guarda", description: "", lessonType: "text", contentMd: "Texto", embedUrl: null })),
  "adminAcademy.lessons.delete": admin(byId),
  "adminAcademy.lessons.reorder": admin(() => ({ moduleId: MISSING, ids: [MISSING] })),
  "adminAcademy.lessons.move": admin(() => ({ id: MISSING, moduleId: MISSING })),
  "adminAcademy.materials.list": admin(() => ({ lessonId: MISSING })),
  "adminAcademy.materials.rename": admin(() => ({ id: MISSING, title: "Material" })),
  "adminAcademy.materials.delete": admin(byId),
  "adminAcademy.quizzes.upsert": admin(() => ({ moduleId: MISSING, title: "Questionário da guarda", description: "", passingScore: 70, maxAttempts: 3, timeLimitMinutes: null })),
  "adminAcademy.quizzes.delete": admin(byId),
  "adminAcademy.questions.create": admin(() => ({
    quizId: MISSING,
    prompt: "Pergunta da guarda?",
    kind: "single",
    options: [
      { text: "Sim", correct: true },
      { text: "Não", correct: false },
    ],
    explanation: "",
  })),
  "adminAcademy.questions.update": admin(() => ({
    id: MISSING,
    prompt: "Pergunta da guarda?",
    kind: "single",
    options: [
      { text: "Sim", correct: true },
      { text: "Não", correct: false },
    ],
    explanation: "",
  })),
  "adminAcademy.questions.delete": admin(byId),
  "adminAcademy.questions.reorder": admin(() => ({ quizId: MISSING, ids: [MISSING] })),
  "adminAcademy.stats": admin(() => ({ courseId: MISSING })),
};
