import type { ProcedureExpectation } from "./guard-procedures";

/** No such template or module: an admin's call answers NOT_FOUND and changes nothing. */
const MISSING = "00000000-0000-4000-8000-000000000000";
const template = { name: "Guarda 800×600 · 10 fps", width: 800, height: 600, frameRate: 10, withMicrophone: false, isDefault: false };

/** Access of the issue-19 adminAcademyRecording procedures: merged into PROCEDURES by guard-procedures.ts. */
export const ADMIN_ACADEMY_RECORDING_PROCEDURES: Record<string, ProcedureExpectation> = {
  "adminAcademyRecording.templates.list": { access: "admin" },
  "adminAcademyRecording.templates.create": { access: "admin", input: () => template },
  "adminAcademyRecording.templates.update": { access: "admin", input: () => ({ id: MISSING, ...template }) },
  "adminAcademyRecording.templates.delete": { access: "admin", input: () => ({ id: MISSING }) },
  "adminAcademyRecording.targets": { access: "admin" },
  "adminAcademyRecording.lessonStatus": { access: "admin", input: () => ({ lessonId: MISSING }) },
  "adminAcademyRecording.createLesson": { access: "admin", input: () => ({ moduleId: MISSING, title: "Aula gravada", description: "" }) },
};
