import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../../routers/_app";

type Out = inferRouterOutputs<AppRouter>["adminMail"];
export type MailConfigView = Out["config"]["get"];
export type MailTemplateSummary = Out["templates"]["list"][number];
export type MailTemplateView = Out["templates"]["get"];
export type OutboxPage = Out["outbox"]["list"];
export type OutboxFilters = inferRouterInputs<AppRouter>["adminMail"]["outbox"]["list"];
