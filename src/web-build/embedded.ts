/**
 * The SPA inside the compiled binary. This file is the source-tree stand-in (nothing embedded):
 * `npm run build` (scripts/build-bin.ts) replaces its contents with the built manifest and one
 * `with { type: "file" }` import per built file, read with Bun.file when first served.
 */
import type { WebManifest } from "./manifest";

export type EmbeddedWeb = { manifest: WebManifest; files: Record<string, string> };

export const EMBEDDED_WEB: EmbeddedWeb | null = null;
