import { test as base, expect, request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@atenda.test", password: "admin123456" };
export const PASSWORD = "segredo123";

export type TestUser = { email: string; password: string; firstName: string; lastName: string };

let seq = 0;
export function uniqueEmail(prefix = "user") {
  seq += 1;
  return `${prefix}.${Date.now().toString(36)}${seq}${Math.random().toString(36).slice(2, 6)}@atenda.test`;
}

/** An API client with its own cookie jar and the CSRF cookie already issued. */
export async function apiClient(baseURL: string): Promise<{ api: APIRequestContext; csrf: () => Promise<string> }> {
  const api = await playwrightRequest.newContext({ baseURL });
  await api.get("/api/v1/health");
  return withCsrf(api);
}

/** An API client whose jar starts with `cookies` (a session and its CSRF cookie). */
async function apiClientWith(baseURL: string, cookies: Cookies): Promise<{ api: APIRequestContext; csrf: () => Promise<string> }> {
  return withCsrf(await playwrightRequest.newContext({ baseURL, storageState: { cookies, origins: [] } }));
}

function withCsrf(api: APIRequestContext) {
  const csrf = async () => {
    const state = await api.storageState();
    return state.cookies.find((c) => c.name === "atenda_csrf")?.value ?? "";
  };
  return { api, csrf };
}

/**
 * Registers a fresh user through the API. Its session is kept for signInViaApi and loggedInApi (a
 * test that resets the password or signs out everywhere ends it: sign in with the form after that).
 */
export async function registerUser(baseURL: string, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user: TestUser = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? PASSWORD,
    firstName: overrides.firstName ?? "Carla",
    lastName: overrides.lastName ?? "Souza",
  };
  const { api, csrf } = await apiClient(baseURL);
  const res = await api.post("/api/v1/auth/register", {
    headers: { "x-csrf-token": await csrf() },
    data: { ...user, phoneNumber: "+55 (11) 98765-4321" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const cookies = (await api.storageState()).cookies;
  if (cookies.some((c) => c.name === SESSION_COOKIE)) signUpSessions.set(user.email, cookies);
  await api.dispose();
  return user;
}

/** The session cookie's name (src/api/context.ts SESSION_COOKIE). */
const SESSION_COOKIE = "atenda_session";
type Cookies = Awaited<ReturnType<APIRequestContext["storageState"]>>["cookies"];
/** The session each sign-up opened, so a test's browser can start signed in without the login form. */
const signUpSessions = new Map<string, Cookies>();

/**
 * Signs the page's browser context in as `user` without the login form: the sign-up's own session
 * when there is one, else a login through the context's API (same cookie jar). Each login costs an
 * argon2 hash and the form a page load, ~2-5 s a test on the shared 2-core machine; e2e/auth.e2e.ts
 * covers the form itself.
 */
export async function signInViaApi(page: Page, user: { email: string; password: string }) {
  const cookies = signUpSessions.get(user.email);
  if (cookies) {
    await page.context().addCookies(cookies);
    return;
  }
  const req = page.context().request;
  await req.get("/api/v1/health");
  const csrf = (await page.context().cookies()).find((c) => c.name === "atenda_csrf")?.value ?? "";
  const res = await req.post("/api/v1/auth/login", { headers: { "x-csrf-token": csrf }, data: { ...user, rememberMe: false } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

export async function loginViaUI(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Fazer login" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** signInViaApi, then /dashboard: where loginViaUI lands, for tests that start there and are not about the form. */
export async function loginViaApi(page: Page, user: { email: string; password: string }) {
  await signInViaApi(page, user);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
}

type Mail = { to: string; subject: string; text: string; createdAt: number };

/** Newest mails to `to` from the server's test outbox (NODE_ENV=test only). */
export async function readOutbox(baseURL: string, to: string): Promise<Mail[]> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { data: Mail[] };
  await api.dispose();
  return body.data;
}

/** First link to `path` (e.g. '/convite') found in the newest matching mail, as a relative URL. */
export async function linkFromOutbox(baseURL: string, to: string, path: string): Promise<string> {
  const re = new RegExp(`https?://[^\\s]+${path.replace("/", "\\/")}\\?token=[\\w-]+`);
  for (let i = 0; i < 20; i++) {
    for (const mail of await readOutbox(baseURL, to)) {
      const m = re.exec(mail.text);
      if (m) {
        const url = new URL(m[0]);
        return `${url.pathname}${url.search}`;
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`nenhum link ${path} no outbox de ${to}`);
}

export const test = base.extend<{ user: TestUser; loggedIn: TestUser; signedIn: TestUser }>({
  user: async ({ baseURL }, use) => {
    await use(await registerUser(baseURL ?? ""));
  },
  /** `user`, signed in, with the page on /dashboard (for tests that start from there). */
  loggedIn: async ({ page, user }, use) => {
    await signInViaApi(page, user);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
    await use(user);
  },
  /** `user`, signed in, the page still blank: for tests whose first step is a page.goto (saves a page load). */
  signedIn: async ({ page, user }, use) => {
    await signInViaApi(page, user);
    await use(user);
  },
});

export { expect };

/**
 * An API client logged in as `user` (its own cookie jar), for arranging data without the UI. A user
 * from registerUser reuses its sign-up session (no argon2 login per call); others log in.
 */
export async function loggedInApi(baseURL: string, user: { email: string; password: string }) {
  const cookies = signUpSessions.get(user.email);
  const { api, csrf } = cookies ? await apiClientWith(baseURL, cookies) : await apiClient(baseURL);
  if (!cookies) {
    const res = await api.post("/api/v1/auth/login", { headers: { "x-csrf-token": await csrf() }, data: { ...user, rememberMe: false } });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const write = async (method: "post" | "patch" | "delete", path: string, data?: unknown) => {
    const r = await api[method](path, { headers: { "x-csrf-token": await csrf() }, data });
    expect(r.ok(), `${method.toUpperCase()} ${path}: ${await r.text()}`).toBeTruthy();
    return ((await r.json()) as { data: Record<string, unknown> }).data;
  };
  return { api, write };
}

export type ArrangedAgent = { id: string; name: string };

/** Creates an agent in the user's current workspace and applies `patch` (any agentFields subset). */
export async function arrangeAgent(
  baseURL: string,
  user: { email: string; password: string },
  body: { name: string; activity: string; description?: string },
  patch?: Record<string, unknown>,
): Promise<ArrangedAgent & { setActive: (isActive: boolean) => Promise<void>; update: (p: Record<string, unknown>) => Promise<void> }> {
  // The API context stays open for the test's lifetime (the helpers below use it).
  const { write } = await loggedInApi(baseURL, user);
  const created = await write("post", "/api/v1/agents", body);
  const id = String(created.id);
  if (patch) await write("patch", `/api/v1/agents/${id}`, patch);
  return {
    id,
    name: body.name,
    setActive: async (isActive) => {
      await write("patch", `/api/v1/agents/${id}/toggle`, { isActive });
    },
    update: async (p) => {
      await write("patch", `/api/v1/agents/${id}`, p);
    },
  };
}
