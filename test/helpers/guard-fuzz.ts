/**
 * Malformed inputs derived from a procedure's zod input schema (its JSON Schema, via
 * z.toJSONSchema) and from a valid sample: wrong types, missing fields, huge strings, odd unicode,
 * extreme numbers, deep nesting and long arrays. Seeded, so a failure reproduces with its seed.
 */
import { type ZodType, z } from "zod";

/** mulberry32: small, fast, good enough to pick mutations reproducibly. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const ODD_STRINGS = [
  "\uD800", // lone high surrogate
  "fim\uDC00", // lone low surrogate
  "a\u0000b", // NUL
  "\u202Eabc\u202C", // RTL override
  "👩‍👩‍👧‍👦🇧🇷",
  "\uFEFF\u200B\u200D",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00%ff",
  "",
  "   ",
];
export const ODD_NUMBERS = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 1e308, -1e308, 2 ** 53 + 1, 0.5, -1];
export const WRONG_TYPES: unknown[] = [null, true, 0, "texto", [], {}];

export function deepNesting(levels: number): unknown {
  let v: unknown = "fundo";
  for (let i = 0; i < levels; i++) v = i % 2 ? { a: v } : [v];
  return v;
}
export const LONG_ARRAY = Array.from({ length: 10_000 }, (_, i) => `item-${i}`);
export const hugeString = (bytes: number) => "x".repeat(bytes);

type Path = (string | number)[];

/** Every property path of a JSON Schema (objects and array items), a few levels deep. */
function schemaPaths(schema: unknown, prefix: Path = [], depth = 0): Path[] {
  if (!schema || typeof schema !== "object" || depth > 4) return [];
  const s = schema as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[] };
  const out: Path[] = [];
  for (const [k, v] of Object.entries(s.properties ?? {})) out.push([...prefix, k], ...schemaPaths(v, [...prefix, k], depth + 1));
  if (s.items && typeof s.items === "object") out.push([...prefix, 0], ...schemaPaths(s.items, [...prefix, 0], depth + 1));
  for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) out.push(...schemaPaths(alt, prefix, depth + 1));
  return out;
}

/** Every path of a sample value (what a z.unknown() body really expects is only known from a valid one). */
function samplePaths(value: unknown, prefix: Path = [], depth = 0): Path[] {
  if (!value || typeof value !== "object" || depth > 4) return [];
  if (Array.isArray(value)) return value.length ? [[...prefix, 0], ...samplePaths(value[0], [...prefix, 0], depth + 1)] : [];
  return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...samplePaths(v, [...prefix, k], depth + 1)]);
}

export function jsonSchemaOf(input: ZodType | null): unknown {
  if (!input) return {};
  try {
    return z.toJSONSchema(input, { io: "input", unrepresentable: "any" });
  } catch {
    return {};
  }
}

const clone = <T>(v: T): T => (v === undefined ? v : (structuredClone(v) as T));

/** `base` with the value at `path` replaced (or deleted when `value` is the DELETE marker); missing parents are created. */
const DELETE = Symbol("delete");
function setAt(base: unknown, path: Path, value: unknown): unknown {
  const root = (clone(base) ?? (typeof path[0] === "number" ? [] : {})) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    node[key] = next && typeof next === "object" ? next : {};
    node = node[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1] as string | number;
  if (value === DELETE) delete node[last];
  else node[last] = value;
  return root;
}

export type FuzzCase = { label: string; input: unknown };

/**
 * The malformed inputs of one procedure: whole-input replacements, then per field a missing value,
 * every wrong type, an odd string and an odd number; one huge string, one deep nesting and one
 * long array per procedure. `hugeBytes` is smaller for queries (the input travels in the URL).
 */
export function fuzzCases(input: ZodType | null, sample: unknown, random: () => number, hugeBytes: number): FuzzCase[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const cases: FuzzCase[] = [
    { label: "no input", input: undefined },
    ...WRONG_TYPES.map((v) => ({ label: `input ${JSON.stringify(v)}`, input: v })),
    { label: "input deep nesting 1000", input: deepNesting(1000) },
    { label: "input array of 10k", input: LONG_ARRAY },
  ];
  const seen = new Set<string>();
  const paths = [...samplePaths(sample), ...schemaPaths(jsonSchemaOf(input))].filter((p) => {
    const key = JSON.stringify(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const base = sample ?? {};
  for (const path of paths.slice(0, 8)) {
    const at = path.join(".");
    cases.push({ label: `${at} missing`, input: setAt(base, path, DELETE) });
    for (const v of WRONG_TYPES) cases.push({ label: `${at} = ${JSON.stringify(v)}`, input: setAt(base, path, v) });
    const s = pick(ODD_STRINGS);
    cases.push({ label: `${at} = odd string ${JSON.stringify(s)}`, input: setAt(base, path, s) });
    const n = pick(ODD_NUMBERS);
    cases.push({ label: `${at} = ${Object.is(n, -0) ? "-0" : String(n)}`, input: setAt(base, path, n) });
  }
  const target = paths[Math.floor(random() * paths.length)] ?? [];
  if (paths.length) {
    const at = target.join(".");
    cases.push({ label: `${at} = huge string (${hugeBytes} bytes)`, input: setAt(base, target, hugeString(hugeBytes)) });
    cases.push({ label: `${at} = deep nesting 1000`, input: setAt(base, target, deepNesting(1000)) });
    cases.push({ label: `${at} = array of 10k`, input: setAt(base, target, LONG_ARRAY) });
  }
  return cases;
}

/** Malformed request bodies for REST routes and webhooks (sent as raw bytes). */
export const MALFORMED_BODIES: { label: string; raw: BodyInit; contentType?: string }[] = [
  { label: "empty body", raw: "" },
  { label: "truncated JSON", raw: '{"a":' },
  { label: "null", raw: "null" },
  { label: "array", raw: "[]" },
  { label: "string", raw: '"x"' },
  { label: "number overflow", raw: "1e999" },
  { label: "trailing garbage", raw: '{"a":1}}' },
  { label: "deep nesting 1000", raw: `${"[".repeat(1000)}${"]".repeat(1000)}` },
  { label: "entry object", raw: '{"entry":{}}' },
  { label: "entry [null]", raw: '{"entry":[null]}' },
  { label: "changes string", raw: '{"entry":[{"changes":"abc"}]}' },
  { label: "numeric phone_number_id", raw: '{"object":"whatsapp_business_account","entry":[{"changes":[{"value":{"metadata":{"phone_number_id":5}}}]}]}' },
  { label: "instagram messaging null", raw: '{"object":"instagram","entry":[{"id":"1","messaging":[null]}]}' },
  { label: "telegram message string", raw: '{"update_id":"x","message":"oi"}' },
  { label: "invalid UTF-8", raw: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
  { label: "lone surrogate escape", raw: '{"message":"\\ud800","name":"\\udc00"}' },
  { label: "1 MB string", raw: JSON.stringify({ message: hugeString(1 << 20), name: hugeString(1 << 10) }) },
  { label: "JSON as text/plain", raw: '{"message":"oi"}', contentType: "text/plain; a=application/json" },
];
