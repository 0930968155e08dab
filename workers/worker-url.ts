/**
 * A Worker entry's module URL (workers/queue.ts, workers/checkpoint.ts), from source (beside this
 * file) and from the compiled binary, where `bun build --compile` lays the entrypoints out from the
 * build root (scripts/build-bin.ts pins it to the repository): the server flattens to the root, so
 * the Workers are at workers/.
 */
export const workerModuleUrl = (file: string) => new URL(import.meta.url.includes("$bunfs") ? `./workers/${file}` : `./${file}`, import.meta.url);
