/**
 * The folders of the design card (§1, §2), checked from the source: adapters know nothing of our
 * tables, outside-service clients live in src/adapters, and the queue Worker is found where it is built.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { queueWorkerUrl } from "../workers/start-on-work";
import { workerModuleUrl } from "../workers/worker-url";
import { type ImportEdge, ROOT, importGraph, listSources } from "./helpers/guard-imports";

const { edges } = importGraph(["src", "workers"]);
const show = (e: ImportEdge) => `${e.from}:${e.line} imports "${e.spec}"${e.typeOnly ? " (type only)" : ""}`;

describe("folders", () => {
  test("src/adapters import neither db/ nor src/services, and at runtime only adapters, lib and schemas", () => {
    const fromAdapters = edges.filter((e) => e.from.startsWith("src/adapters/"));
    expect(fromAdapters.length).toBeGreaterThan(10);
    const bad = fromAdapters.filter(
      (e) => e.to.startsWith("db/") || e.to.startsWith("src/services/") || (!e.typeOnly && !/^src\/(adapters|lib|schemas)\//.test(e.to)),
    );
    expect(bad.map(show)).toEqual([]);
  });

  test("outside-service clients live in src/adapters, not in src/integrations", () => {
    expect(listSources(["src/integrations"]).filter((f) => /\/client\.ts$/.test(f))).toEqual([]);
  });

  test("WhatsApp Cloud and Instagram reach the Graph through src/adapters/meta-graph, with no fetch of their own", () => {
    for (const client of ["src/adapters/whatsapp-cloud/client.ts", "src/adapters/instagram/client.ts"]) {
      expect(edges.some((e) => e.from === client && e.to === "src/adapters/meta-graph/client.ts")).toBe(true);
      // WhatsApp's media download fetches the short-lived URL the Graph gave: the one fetch allowed.
      const fetches = readFileSync(`${ROOT}/${client}`, "utf8").match(/\bfetch\(/g) ?? [];
      expect(fetches.length).toBeLessThanOrEqual(client.includes("whatsapp") ? 1 : 0);
    }
  });

  test("the queue Worker's URL points at workers/queue.ts, which the binary build lists as an entrypoint", () => {
    expect(fileURLToPath(queueWorkerUrl())).toBe(`${ROOT}/workers/queue.ts`);
    expect(existsSync(fileURLToPath(queueWorkerUrl()))).toBe(true);
    expect(readFileSync(`${ROOT}/scripts/build-bin.ts`, "utf8")).toContain('"./workers/queue.ts"');
  });

  test("the checkpoint Worker's URL points at workers/checkpoint.ts, also a binary entrypoint", () => {
    expect(fileURLToPath(workerModuleUrl("checkpoint.ts"))).toBe(`${ROOT}/workers/checkpoint.ts`);
    expect(existsSync(fileURLToPath(workerModuleUrl("checkpoint.ts")))).toBe(true);
    expect(readFileSync(`${ROOT}/scripts/build-bin.ts`, "utf8")).toContain('"./workers/checkpoint.ts"');
  });
});
