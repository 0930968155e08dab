import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../../../routers/_app";

type Out = inferRouterOutputs<AppRouter>["adminAcademy"];
export type CourseTree = Out["courses"]["get"];
export type ModuleNode = CourseTree["modules"][number];
export type LessonNode = ModuleNode["lessons"][number];
export type QuizNode = NonNullable<ModuleNode["quiz"]>;
export type QuestionNode = QuizNode["questions"][number];
export type CourseStats = Out["stats"];
