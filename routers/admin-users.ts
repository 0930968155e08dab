import { router } from "./trpc";

/** Admin: users, their detail, role, suspension, verification and reset links (/admin/usuarios) (issue 17). */
export const adminUsersRouter = router({});
