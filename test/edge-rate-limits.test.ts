/**
 * Issue 11, defects 5 and 6: the login limit holds under concurrency (the attempt slot is taken in
 * the database before the password is checked), and behind a trusted proxy the client's address is
 * the entry the proxy appended, so a forged leftmost X-Forwarded-For entry escapes no limit.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, or } from "drizzle-orm";
import { rateLimitHits, userActivityLogs } from "../db/schema";
import { clientAddress } from "../src/api/context";
import { LOGIN_MAX_FAILURES, MSG } from "../src/services/auth";
import { type TestApp, startTestApp } from "./helpers/app";
import { chat, ownerWithAgent } from "./helpers/agents";
import { Client } from "./helpers/client";
import { registerUser, uniqueEmail } from "./helpers/factories";

const VISITOR_PER_MIN = 3;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_CHAT_VISITOR_PER_MIN: String(VISITOR_PER_MIN) });
});
afterAll(() => app.stop());

/** Counts the password checks the server runs (it shares this process), without changing them. */
const realVerify = Bun.password.verify;
let verifications = 0;
function countVerifications() {
  verifications = 0;
  Bun.password.verify = (...args: Parameters<typeof realVerify>) => {
    verifications++;
    return realVerify(...args);
  };
}
afterEach(() => {
  Bun.password.verify = realVerify;
});

const login = (ip: string, email: string, password: string, forwardedFor = ip) =>
  new Client(app.base, { ip }).post("/api/v1/auth/login", { email, password }, { headers: { "x-forwarded-for": forwardedFor } });

const failedLogins = async (email: string) =>
  (await app.deps.db.select().from(userActivityLogs).where(eq(userActivityLogs.action, "auth.login.failed"))).filter(
    (r) => (r.details as { email?: string } | null)?.email === email,
  ).length;

let ipSeq = 0;
const freshIp = () => `198.51.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`;

describe("[edge] login rate limit under concurrency (defect 5)", () => {
  test("40 concurrent wrong passwords for one email: some 429s, and no more password checks than the limit", async () => {
    const { email } = await registerUser(app);
    countVerifications();
    const results = await Promise.all(Array.from({ length: 40 }, () => login(freshIp(), email, "senha-errada-123")));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(verifications).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect(await failedLogins(email)).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    const limited = results.find((r) => r.status === 429);
    expect(limited?.body?.error?.message).toBe(MSG.tooManyLogins);
  }, 60_000);

  test("40 concurrent wrong logins from one address (different emails): at most the address's budget is checked", async () => {
    const ip = freshIp();
    countVerifications();
    const results = await Promise.all(Array.from({ length: 40 }, () => login(ip, uniqueEmail("ninguem"), "senha-errada-123")));
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(verifications).toBeLessThanOrEqual(LOGIN_MAX_FAILURES * 4);
  }, 60_000);

  test("a right password after a few wrong ones still logs in and frees the email's budget", async () => {
    const { email, password } = await registerUser(app);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect((await login(freshIp(), email, "senha-errada-123")).status).toBe(401);
    expect((await login(freshIp(), email, password)).status).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect((await login(freshIp(), email, "senha-errada-123")).status).toBe(401);
    expect((await login(freshIp(), email, password)).status).toBe(200);
  }, 60_000);

  test("a right password gives its slots back: no failure is left on the address or the email", async () => {
    const ip = freshIp();
    const { email, password } = await registerUser(app);
    expect((await login(ip, email, password)).status).toBe(200);
    const left = await app.deps.db
      .select()
      .from(rateLimitHits)
      .where(or(and(eq(rateLimitHits.bucket, "login-ip"), eq(rateLimitHits.key, ip)), and(eq(rateLimitHits.bucket, "login-email"), eq(rateLimitHits.key, email))));
    expect(left).toEqual([]);
  }, 60_000);
});

describe("[edge] the trusted proxy's entry is the client address (defect 6)", () => {
  test("rotating the leftmost X-Forwarded-For entry does not escape the per-address login limit", async () => {
    const proxySeen = freshIp();
    const results = await Promise.all(
      Array.from({ length: LOGIN_MAX_FAILURES * 4 + 2 }, (_, i) =>
        login(freshIp(), uniqueEmail("rodizio"), "senha-errada-123", `203.0.113.${i}, ${proxySeen}`),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401).length).toBe(LOGIN_MAX_FAILURES * 4);
    expect(statuses.filter((s) => s === 429).length).toBe(2);
  }, 60_000);

  test("rotating the leftmost X-Forwarded-For entry does not escape the public chat limit", async () => {
    const { agent } = await ownerWithAgent(app);
    const proxySeen = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= VISITOR_PER_MIN; i++) {
      const res = await chat(app, agent.id, { message: "Oi, tudo bem?", sessionId: "visitante-fixo" }, { ip: `203.0.113.${i}, ${proxySeen}` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, VISITOR_PER_MIN).every((s) => s === 200)).toBe(true);
    expect(statuses[VISITOR_PER_MIN]).toBe(429);
  });

  test("TRUSTED_PROXY_HOPS counts proxies from the right; with fewer entries the leftmost is used", () => {
    expect(clientAddress("1.1.1.1, 2.2.2.2, 3.3.3.3", 1)).toBe("3.3.3.3");
    expect(clientAddress("1.1.1.1, 2.2.2.2, 3.3.3.3", 2)).toBe("2.2.2.2");
    expect(clientAddress("2.2.2.2", 2)).toBe("2.2.2.2");
    expect(clientAddress(" 4.4.4.4 ,, ", 1)).toBe("4.4.4.4");
    expect(clientAddress(undefined, 1)).toBeNull();
    expect(clientAddress("", 1)).toBeNull();
  });
});
