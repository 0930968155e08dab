/**
 * Stripe request bodies are application/x-www-form-urlencoded with bracket notation
 * (protocols.md §9): `line_items[0][price_data][unit_amount]=100`. This turns them back into the
 * nested object stripe-node started from; numeric keys become arrays.
 */
type Node = Record<string, unknown>;

export function parseStripeForm(body: string): Node {
  const root: Node = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Node;
    });
  }
  return arraysFromIndexes(root) as Node;
}

function arraysFromIndexes(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value as Node).map(([k, v]) => [k, arraysFromIndexes(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

export const str = (v: unknown) => (typeof v === "string" ? v : undefined);
export const int = (v: unknown) => (typeof v === "string" && v !== "" ? Number.parseInt(v, 10) : undefined);
export const obj = (v: unknown): Node => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Node) : {});
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
