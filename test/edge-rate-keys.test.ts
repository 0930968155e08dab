/**
 * Per-address rate limits key IPv6 clients by their /64: one subscriber usually holds a whole /64,
 * so keying on the full address would give an attacker 2^64 budgets. IPv4 keeps the full address,
 * and an IPv4-mapped IPv6 address is that IPv4 address.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { LOGIN_MAX_FAILURES } from "../src/services/auth";
import { rateKeyOf } from "../src/services/rate-limit";
import { type TestApp, startTestApp } from "./helpers/app";
import { chat, ownerWithAgent } from "./helpers/agents";
import { Client } from "./helpers/client";
import { registerBody, uniqueEmail } from "./helpers/factories";

const VISITOR_PER_MIN = 2;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_CHAT_VISITOR_PER_MIN: String(VISITOR_PER_MIN) });
});
afterAll(() => app.stop());

/** The i-th address of a /64 (distinct interface ids, in varied spellings). */
const inPrefix = (prefix: string, i: number) => `${prefix}:${(i + 1).toString(16)}:0:${i % 2 ? "ABCD" : "abcd"}:${i}`;

describe("[edge] rateKeyOf", () => {
  test("IPv6 addresses are keyed by their /64, whatever their spelling", () => {
    expect(rateKeyOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(rateKeyOf("2001:0DB8:0001:0002::1")).toBe("2001:db8:1:2::/64");
    expect(rateKeyOf("2001:db8:1:2::")).toBe("2001:db8:1:2::/64");
    expect(rateKeyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(rateKeyOf("[2001:db8:1:2::9]")).toBe("2001:db8:1:2::/64");
    expect(rateKeyOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateKeyOf("2001:db8:1:2:3:4:10.0.0.1")).toBe("2001:db8:1:2::/64");
    expect(rateKeyOf("2001:db8:1:3::1")).not.toBe(rateKeyOf("2001:db8:1:2::1"));
  });

  test("IPv4 keeps the full address; IPv4-mapped IPv6 is the IPv4 address", () => {
    expect(rateKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(rateKeyOf("203.0.113.8")).not.toBe(rateKeyOf("203.0.113.7"));
    expect(rateKeyOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateKeyOf("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(rateKeyOf("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  test("no address, or something that is not one, still gets a key", () => {
    expect(rateKeyOf(null)).toBe("unknown");
    expect(rateKeyOf("")).toBe("unknown");
    expect(rateKeyOf("not-an-ip")).toBe("not-an-ip");
  });
});

describe("[edge] per-address limits hold across one IPv6 /64", () => {
  test("6 registrations from 6 addresses of one /64: the 6th is 429; another /64 still registers", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const client = await new Client(app.base, { ip: inPrefix("2001:db8:aa:1", i) }).warmUp();
      statuses.push((await client.post("/api/v1/auth/register", registerBody())).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const other = await new Client(app.base, { ip: "2001:db8:aa:2::1" }).warmUp();
    expect((await other.post("/api/v1/auth/register", registerBody())).status).toBe(201);
  }, 60_000);

  test("wrong logins from rotating addresses of one /64 hit the address's login limit", async () => {
    const budget = LOGIN_MAX_FAILURES * 4;
    const statuses: number[] = [];
    for (let i = 0; i <= budget; i++) {
      const ip = inPrefix("2001:db8:bb:1", i);
      const res = await new Client(app.base, { ip }).post("/api/v1/auth/login", { email: uniqueEmail("rodizio"), password: "senha-errada-123" });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, budget).every((s) => s === 401)).toBe(true);
    expect(statuses[budget]).toBe(429);
  }, 60_000);

  test("forgot-password from rotating addresses of one /64 hits the address's limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_MAX_FAILURES * 2; i++) {
      const res = await new Client(app.base, { ip: inPrefix("2001:db8:cc:1", i) }).post("/api/v1/auth/forgot-password", { email: uniqueEmail("ninguem") });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, LOGIN_MAX_FAILURES * 2).every((s) => s !== 429)).toBe(true);
    expect(statuses[LOGIN_MAX_FAILURES * 2]).toBe(429);
  }, 60_000);

  test("public chat: a new address of the same /64 (and the IPv4-mapped spelling) per message does not reset the visitor's budget", async () => {
    const { agent } = await ownerWithAgent(app);
    const statuses: number[] = [];
    for (let i = 0; i <= VISITOR_PER_MIN; i++) {
      const res = await chat(app, agent.id, { message: "Oi, tudo bem?", sessionId: "visitante-v6" }, { ip: inPrefix("2001:db8:dd:1", i) });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, VISITOR_PER_MIN).every((s) => s === 200)).toBe(true);
    expect(statuses[VISITOR_PER_MIN]).toBe(429);

    const mapped: number[] = [];
    for (const ip of ["198.51.100.77", "::ffff:198.51.100.77", "::ffff:c633:644d"]) {
      mapped.push((await chat(app, agent.id, { message: "Oi", sessionId: "visitante-v4" }, { ip })).status);
    }
    expect(mapped).toEqual([200, 200, 429]);
  }, 60_000);
});
