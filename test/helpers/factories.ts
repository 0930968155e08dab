/** Users, sessions, mails and db rows for the API tests. Everything goes through real HTTP or deps.db. */
import { desc, eq } from "drizzle-orm";
import { agents, conversations, creditTransactions, mailOutbox, users } from "../../db/schema";
import type { TestApp } from "./app";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./app";
import { Client } from "./client";

export type PublicUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  role: "user" | "admin";
  emailVerified: boolean;
  profileImageUrl: string | null;
  currentWorkspaceId: string | null;
};

let seq = 0;
/** A unique, valid email per call (tests in one file share a database). */
export const uniqueEmail = (prefix = "user") => `${prefix}.${Date.now().toString(36)}.${++seq}@exemplo.com.br`;

export const PASSWORD = "senha-segura-1";

export function registerBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    phoneNumber: "+55 (11) 98765-4321",
    firstName: "Maria",
    lastName: "Silva",
    password: PASSWORD,
    ...overrides,
  };
}

/** Registers through POST /api/v1/auth/register; the returned client holds the new session. */
export async function registerUser(app: TestApp, overrides: Record<string, unknown> = {}) {
  const body = registerBody(overrides);
  const client = await new Client(app.base).warmUp();
  const res = await client.post<{ user: PublicUser; authenticated: boolean }>("/api/v1/auth/register", body);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, user: res.data.user, email: body.email as string, password: body.password as string, res };
}

/** A fresh client (fresh cookies, own IP) logged in with the given credentials. */
export async function loginAs(app: TestApp, email: string, password: string, rememberMe = false) {
  const client = await new Client(app.base).warmUp();
  const res = await client.post<{ user: PublicUser }>("/api/v1/auth/login", { email, password, rememberMe });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, user: res.data.user, res };
}

export const loginAdmin = (app: TestApp) => loginAs(app, ADMIN_EMAIL, ADMIN_PASSWORD);

export type OutboxMail = { to: string; subject: string; text: string; template: string; createdAt: number };

/** The test-only outbox endpoint, newest first. */
export async function outbox(app: TestApp, to: string): Promise<OutboxMail[]> {
  const res = await new Client(app.base).get<OutboxMail[]>(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  if (res.status !== 200) throw new Error(`outbox failed: ${res.status}`);
  return res.data;
}

/** The token of the newest mailed link to `path` (e.g. "/reset-password"). */
export async function mailedToken(app: TestApp, to: string, path: string): Promise<string> {
  const mails = await outbox(app, to);
  for (const m of mails) {
    const match = m.text.match(new RegExp(`${path.replace(/[/]/g, "\\/")}\\?token=([A-Za-z0-9_-]+)`));
    if (match?.[1]) return match[1];
  }
  throw new Error(`no mail to ${to} with a ${path} link`);
}

export async function mailCount(app: TestApp, to: string) {
  const rows = await app.deps.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.toAddress, to.toLowerCase()));
  return rows.length;
}

export async function userRow(app: TestApp, email: string) {
  const [row] = await app.deps.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

/** A usage debit at a given instant, in whole credits (stored as milli-credits). */
export async function insertCreditTransaction(app: TestApp, workspaceId: string, at: number, credits: number) {
  await app.deps.db.insert(creditTransactions).values({
    workspaceId,
    creditsConsumed: Math.round(credits * 1000),
    regularCreditsUsed: Math.round(credits * 1000),
    modelUsed: "gpt-4o-mini",
    provider: "openai",
    createdAt: at,
  });
}

export async function insertAgent(app: TestApp, workspaceId: string, userId: string, name: string, isActive = true) {
  const [row] = await app.deps.db.insert(agents).values({ workspaceId, userId, name, isActive }).returning();
  if (!row) throw new Error("agent not inserted");
  return row;
}

export async function insertConversation(app: TestApp, workspaceId: string, contactKey: string, createdAt = Date.now()) {
  await app.deps.db.insert(conversations).values({ workspaceId, channel: "web", contactKey, createdAt, updatedAt: createdAt });
}

export async function latestMailTo(app: TestApp, to: string) {
  const [row] = await app.deps.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  // Mail bodies are encrypted at rest.
  return row ? { ...row, text: app.deps.secrets.decrypt(row.text) } : row;
}
