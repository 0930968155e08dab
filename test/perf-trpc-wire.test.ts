/**
 * Issue 12 #6: tRPC outputs skip superjson's walk when they are plain JSON. The wire must stay what
 * the SPA's superjson client decodes: the same payload superjson would send, and every special value
 * (dates, undefined, maps, shared objects) still encoded by superjson itself.
 */
import { describe, expect, test } from "bun:test";
import superjson from "superjson";
import { wireTransformer } from "../routers/transformer";
import { type TestApp, startTestApp } from "./helpers/app";
import { registerUser } from "./helpers/factories";

const shared = { a: 1 };
const cases: [string, unknown][] = [
  ["plain list", [{ id: "x", name: "Ana", n: 2, ok: true, tags: ["a"], nested: { v: null } }]],
  ["string", "olá"],
  ["null", null],
  ["date", { at: new Date(1_700_000_000_000) }],
  ["undefined field", { a: undefined, b: 1 }],
  ["map and set", { m: new Map([["k", 1]]), s: new Set([1]) }],
  ["NaN, Infinity, -0", [Number.NaN, Number.POSITIVE_INFINITY, -0]],
  ["bigint", { n: 10n }],
  ["shared object", [shared, shared]],
  // biome-ignore lint/suspicious/noSparseArray: a hole is the case under test
  ["sparse array", [1, , 3]],
  ["class instance", { e: new Error("x") }],
];

describe("[perf] tRPC wire transformer", () => {
  for (const [name, value] of cases) {
    test(`${name}: same payload as superjson, decodes to the same value`, () => {
      const ours = wireTransformer.serialize(value);
      expect(JSON.parse(JSON.stringify(ours))).toEqual(JSON.parse(JSON.stringify(superjson.serialize(value))));
      expect(superjson.deserialize(JSON.parse(JSON.stringify(ours)))).toEqual(superjson.deserialize(JSON.parse(JSON.stringify(superjson.serialize(value)))));
    });
  }

  test("a real query sends the payload the superjson client decodes", async () => {
    const app: TestApp = await startTestApp();
    try {
      const { client } = await registerUser(app);
      const plain = await client.trpc.workspaces.list.query();
      expect(plain.ok).toBe(true);
      const raw = await client.get<unknown>("/trpc/workspaces.list");
      expect(raw.body).toEqual({ result: { data: { json: plain.data } } });
    } finally {
      await app.stop();
    }
  });
});
