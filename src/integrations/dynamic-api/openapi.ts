/**
 * Reads an OpenAPI 3 or Swagger 2 document (JSON or YAML text) into our endpoint shape. Local
 * $refs are inlined to a small depth: the model needs the body's fields, not the whole graph,
 * and a cyclic schema must not loop.
 */
import type { ApiEndpoint, DetectionMethod, EndpointParam } from "../../schemas/dynamic-api";
import { endpointKey, paramTypes } from "../../schemas/dynamic-api";

type Obj = Record<string, unknown>;
export type ParsedDocument = { method: Extract<DetectionMethod, "openapi" | "swagger">; title: string | null; baseUrl: string | null; endpoints: ApiEndpoint[] };

export class DocumentError extends Error {}

const METHODS = ["get", "post", "put", "delete", "patch"] as const;
const MAX_ENDPOINTS = 300;
const REF_DEPTH = 4;
const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown, max = 500) => (typeof v === "string" && v.trim() ? v.trim().slice(0, max) : null);

/** JSON first (the common case), YAML otherwise (Bun's built-in parser: no extra dependency). */
export function parseDocumentText(text: string): Obj {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    try {
      doc = Bun.YAML.parse(text);
    } catch {
      throw new DocumentError("O documento não é um JSON ou YAML válido");
    }
  }
  if (!isObj(doc)) throw new DocumentError("O documento não é um JSON ou YAML válido");
  return doc;
}

function resolveRef(doc: Obj, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let cur: unknown = doc;
  for (const part of ref.slice(2).split("/")) {
    const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
    cur = isObj(cur) ? cur[key] : undefined;
  }
  return cur;
}

/** A schema with local $refs inlined (depth-limited) and only the keys a tool schema needs. */
function inline(doc: Obj, schema: unknown, depth = 0): Obj {
  if (!isObj(schema)) return {};
  if (typeof schema.$ref === "string") {
    if (depth >= REF_DEPTH) return { type: "object" };
    return inline(doc, resolveRef(doc, schema.$ref), depth + 1);
  }
  const out: Obj = {};
  for (const k of ["type", "format", "description", "enum", "default", "example", "required", "minimum", "maximum", "maxLength"]) {
    if (schema[k] !== undefined) out[k] = schema[k];
  }
  if (isObj(schema.properties) && depth < REF_DEPTH) {
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, inline(doc, v, depth + 1)]));
    out.type ??= "object";
  }
  if (schema.items !== undefined && depth < REF_DEPTH) out.items = inline(doc, schema.items, depth + 1);
  for (const k of ["allOf", "oneOf", "anyOf"]) {
    if (Array.isArray(schema[k]) && depth < REF_DEPTH) out[k] = (schema[k] as unknown[]).map((s) => inline(doc, s, depth + 1));
  }
  return out;
}

const typeOf = (v: unknown): EndpointParam["type"] =>
  typeof v === "string" && (paramTypes as readonly string[]).includes(v) ? (v as EndpointParam["type"]) : "string";

function readParam(doc: Obj, raw: unknown): (EndpointParam & { schema?: Obj }) | null {
  const p = isObj(raw) && typeof raw.$ref === "string" ? resolveRef(doc, raw.$ref) : raw;
  if (!isObj(p) || typeof p.name !== "string") return null;
  const schema = isObj(p.schema) ? inline(doc, p.schema) : null;
  const location = p.in;
  if (location === "body") return { name: p.name, in: "query", type: "object", required: p.required === true, description: null, schema: schema ?? {} };
  if (location !== "path" && location !== "query" && location !== "header") return null;
  return {
    name: p.name.slice(0, 100),
    in: location,
    type: typeOf(schema?.type ?? p.type),
    required: location === "path" || p.required === true,
    description: str(p.description),
  };
}

function responsesOf(raw: unknown): Record<string, string> {
  if (!isObj(raw)) return {};
  return Object.fromEntries(Object.entries(raw).map(([code, r]) => [code, (isObj(r) && str(r.description, 200)) || ""]));
}

function baseUrlOf(doc: Obj, swagger: boolean): string | null {
  if (swagger) {
    if (typeof doc.host !== "string") return null;
    const scheme = Array.isArray(doc.schemes) && doc.schemes.includes("https") ? "https" : (doc.schemes as string[] | undefined)?.[0] ?? "https";
    return `${scheme}://${doc.host}${typeof doc.basePath === "string" ? doc.basePath : ""}`.replace(/\/$/, "");
  }
  const first = Array.isArray(doc.servers) ? doc.servers[0] : null;
  return isObj(first) && typeof first.url === "string" && /^https?:\/\//.test(first.url) ? first.url.replace(/\/$/, "") : null;
}

export function readDocument(doc: Obj): ParsedDocument {
  const swagger = typeof doc.swagger === "string" && doc.swagger.startsWith("2");
  const openapi = typeof doc.openapi === "string" && doc.openapi.startsWith("3");
  if (!swagger && !openapi) throw new DocumentError("Documento não reconhecido: esperado OpenAPI 3 ou Swagger 2");
  if (!isObj(doc.paths)) throw new DocumentError("O documento não tem caminhos (paths)");
  const endpoints: ApiEndpoint[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isObj(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const m of METHODS) {
      const op = item[m];
      if (!isObj(op) || endpoints.length >= MAX_ENDPOINTS) continue;
      const byName = new Map<string, EndpointParam & { schema?: Obj }>();
      for (const raw of [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
        const p = readParam(doc, raw);
        if (p) byName.set(`${p.in}:${p.name}`, p); // operation-level overrides path-level
      }
      let requestBody: ApiEndpoint["requestBody"] = null;
      const params: EndpointParam[] = [];
      for (const p of byName.values()) {
        if (p.schema) requestBody = { required: p.required, schema: p.schema };
        else params.push(p);
      }
      if (openapi && isObj(op.requestBody)) {
        const body = typeof op.requestBody.$ref === "string" ? resolveRef(doc, op.requestBody.$ref) : op.requestBody;
        const content = isObj(body) && isObj(body.content) ? body.content : {};
        const json = content["application/json"] ?? Object.values(content)[0];
        if (isObj(json)) requestBody = { required: isObj(body) && body.required === true, schema: inline(doc, json.schema) };
      }
      endpoints.push({
        key: endpointKey(m, path),
        method: m.toUpperCase() as ApiEndpoint["method"],
        path,
        operationId: str(op.operationId, 200),
        summary: str(op.summary, 200),
        description: str(op.description),
        parameters: params,
        requestBody,
        responses: responsesOf(op.responses),
        selected: false,
        source: swagger ? "swagger" : "openapi",
      });
    }
  }
  if (endpoints.length === 0) throw new DocumentError("Nenhum endpoint encontrado no documento");
  const info = isObj(doc.info) ? doc.info : {};
  return { method: swagger ? "swagger" : "openapi", title: str(info.title, 100), baseUrl: baseUrlOf(doc, swagger), endpoints };
}
