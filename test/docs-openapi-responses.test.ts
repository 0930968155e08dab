/** The published OpenAPI document names the answers issue 11 added: 413 body limits, 429 rate limits, 503 health. */
import { expect, test } from "bun:test";
import { openApiDocument } from "../src/api/openapi";

type Operation = { requestBody?: unknown; responses: Record<string, unknown> };
const doc = openApiDocument("http://127.0.0.1:1");
const op = (path: string, method: string) => (doc.paths[path]?.[method] as Operation | undefined)?.responses ?? {};

test("[docs]: every operation with a request body lists 413", () => {
  const withBody = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).filter(([, o]) => (o as Operation).requestBody).map(([method, o]) => ({ path, method, has413: "413" in (o as Operation).responses })),
  );
  expect(withBody.length).toBeGreaterThan(5);
  for (const entry of withBody) expect(entry).toEqual({ ...entry, has413: true });
});

test("[docs]: the rate-limited calls list 429", () => {
  for (const path of ["/auth/register", "/auth/login", "/auth/forgot-password"]) expect({ path, has429: "429" in op(path, "post") }).toEqual({ path, has429: true });
});

test("[docs]: health lists its 503 and forgot-password the mail service's 503", () => {
  expect(Object.keys(op("/health", "get"))).toContain("503");
  expect(Object.keys(op("/auth/forgot-password", "post"))).toContain("503");
});
