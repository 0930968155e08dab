import { router } from "./trpc";

/** Admin: bonus credit grants, the credit system config and model pricing (/admin/gestao-creditos, /admin/configuracoes/creditos, /admin/modelos) (issue 17). */
export const adminCreditsRouter = router({});
