import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";

type Out = inferRouterOutputs<AppRouter>["account"];
export type Account = Out["get"];
export type AccountSession = Out["sessions"]["list"][number];
