/**
 * Issue 11, defect 10: only a JSON media type is a JSON body. A cross-site HTML form can send
 * `text/plain; a=application/json` without a preflight; a substring match let it register accounts
 * and trigger reset mails.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { isJsonMediaType } from "../src/api/errors";
import { type TestApp, startTestApp } from "./helpers/app";
import { mailCount, registerBody, registerUser, userRow } from "./helpers/factories";

const JSON_ONLY = "Envie o corpo da requisição como JSON (Content-Type: application/json).";
const FORGED_TYPES = ["text/plain; a=application/json", "text/plain;charset=application/json", "application/x-www-form-urlencoded; x=application/json"];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

let ipSeq = 0;
/** A request shaped like a cross-site form post: no cookies, no CSRF token, a form-able type. */
const formPost = (path: string, body: unknown, contentType: string) =>
  fetch(`${app.base}${path}`, {
    method: "POST",
    headers: { "content-type": contentType, "x-forwarded-for": `192.0.2.${++ipSeq}` },
    body: JSON.stringify(body),
  });

describe("[edge] JSON content type is compared exactly (defect 10)", () => {
  for (const type of FORGED_TYPES) {
    test(`register with '${type}' is refused and creates nothing`, async () => {
      const body = registerBody();
      const res = await formPost("/api/v1/auth/register", body, type);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(JSON_ONLY);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("atenda_session="))).toBe(false);
      expect(await userRow(app, String(body.email))).toBeUndefined();
      expect(await mailCount(app, String(body.email))).toBe(0);
    });

    test(`forgot-password with '${type}' is refused and sends nothing`, async () => {
      const { email } = await registerUser(app);
      const before = await mailCount(app, email);
      const res = await formPost("/api/v1/auth/forgot-password", { email }, type);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(JSON_ONLY);
      expect(await mailCount(app, email)).toBe(before);
      expect((await userRow(app, email))?.resetToken ?? null).toBeNull();
    });
  }

  test("real JSON types still pass: charset parameter, upper case, +json", async () => {
    for (const type of ["application/json; charset=utf-8", "Application/JSON", "application/vnd.api+json"]) {
      const body = registerBody();
      const res = await formPost("/api/v1/auth/register", body, type);
      expect(res.status).toBe(201);
    }
  });

  test("the media type parser", () => {
    expect(isJsonMediaType("application/json")).toBe(true);
    expect(isJsonMediaType(" application/json ; charset=UTF-8")).toBe(true);
    expect(isJsonMediaType("application/problem+json")).toBe(true);
    expect(isJsonMediaType("text/plain; a=application/json")).toBe(false);
    expect(isJsonMediaType("application/jsonp")).toBe(false);
    expect(isJsonMediaType("application/json-seq")).toBe(false);
    expect(isJsonMediaType("text/json")).toBe(false);
    expect(isJsonMediaType("+json")).toBe(false);
    expect(isJsonMediaType(undefined)).toBe(false);
  });
});
