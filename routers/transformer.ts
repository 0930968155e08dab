import superjson from "superjson";

/**
 * superjson on the wire (the SPA's client decodes with it), without its walk when the output is
 * plain JSON: superjson.serialize walks every value building paths even when nothing needs them,
 * which was ~13% of a small authenticated query's CPU (bench/http.ts). `{ json }` with no `meta`
 * is exactly what superjson itself produces for such a value, and what it decodes.
 */
export const wireTransformer = {
  serialize: (value: unknown) => (isPlainJson(value, new Set()) ? { json: value } : superjson.serialize(value)),
  deserialize: (payload: unknown) => superjson.deserialize(payload as Parameters<typeof superjson.deserialize>[0]),
};

/** Keys superjson refuses or treats apart: left to it. */
const RESERVED = new Set(["__proto__", "constructor", "prototype"]);

/**
 * True when JSON alone carries the value as superjson would: no Date, Map, Set, BigInt, undefined,
 * NaN, ±Infinity, -0, class instance or sparse array, and no object reached twice (superjson
 * records shared references).
 */
export function isPlainJson(value: unknown, seen: Set<object>): boolean {
  switch (typeof value) {
    case "string":
    case "boolean":
      return true;
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "object": {
      if (value === null) return true;
      if (seen.has(value)) return false;
      seen.add(value);
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!(i in value) || !isPlainJson(value[i], seen)) return false;
        return true;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) return false;
      for (const key of Object.keys(value)) {
        if (RESERVED.has(key) || !isPlainJson((value as Record<string, unknown>)[key], seen)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}
