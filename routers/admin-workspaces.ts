import { router } from "./trpc";

/** Admin: every workspace and every agent across workspaces (/admin/espacos, /admin/workspaces/editar/{id}, /admin/agentes) (issue 17). */
export const adminWorkspacesRouter = router({});
