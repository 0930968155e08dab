/**
 * The migrated database template inside the compiled binary (db/template.ts). This file is the
 * source-tree stand-in (no template: a new database replays the migrations); `npm run build`
 * (scripts/build-bin.ts) replaces its contents with a `with { type: "file" }` import of the template.
 */
export const EMBEDDED_DB_TEMPLATE: string | null = null;
