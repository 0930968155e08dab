import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import {
  loginUser,
  logoutUser,
  publicUser,
  registerUser,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from "../services/auth";
import { forgotPasswordInput, loginInput, registerInput, resetPasswordInput, verifyEmailInput } from "../schemas/auth";
import { destroySession, touchOnline, touchSession } from "../services/sessions";
import { type HonoEnv, SESSION_COOKIE } from "./context";
import { jsonBody } from "./errors";
import { requireSession } from "./guards";
import { referralAtSignUp } from "./referral";
import { clearSessionCookie, setSessionCookie } from "./session-cookie";

const requireVerification = (c: Context<HonoEnv>) => c.get("deps").env.REQUIRE_EMAIL_VERIFICATION === "true";

export const authRoutes = new Hono<HonoEnv>()
  .post("/register", async (c) => {
    const result = await registerUser(c.get("deps"), c.get("meta"), registerInput.parse(await jsonBody(c)), requireVerification(c));
    if (result.session) setSessionCookie(c, result.session.token, result.session.expire, false);
    await referralAtSignUp(c, result.user.id);
    return c.json({ data: { user: result.user, authenticated: result.session !== null } }, 201);
  })
  .post("/login", async (c) => {
    const input = loginInput.parse(await jsonBody(c));
    const { user, session } = await loginUser(c.get("deps"), c.get("meta"), input, requireVerification(c));
    // A new login replaces whatever session this browser had (no stale session left valid).
    const previous = c.get("sessionToken");
    if (previous) await destroySession(c.get("deps").db, previous);
    setSessionCookie(c, session.token, session.expire, input.rememberMe === true);
    return c.json({ data: { user } });
  })
  .get("/user", (c) => {
    const session = requireSession(c);
    return c.json({ data: publicUser(session.user, session.data.workspaceId) });
  })
  .post("/logout", async (c) => {
    await logoutUser(c.get("deps"), c.get("meta"), getCookie(c, SESSION_COOKIE) ?? null, c.get("session")?.user.id ?? null);
    clearSessionCookie(c);
    return c.json({ data: { ok: true } });
  })
  .post("/heartbeat", async (c) => {
    const session = requireSession(c);
    await touchOnline(c.get("deps").db, session.user.id, c.get("meta"));
    await touchSession(c.get("deps").db, session.sid);
    return c.json({ data: { ok: true } });
  })
  .post("/forgot-password", async (c) => {
    return c.json({ data: await requestPasswordReset(c.get("deps"), c.get("meta"), forgotPasswordInput.parse(await jsonBody(c))) });
  })
  .post("/reset-password", async (c) => {
    return c.json({ data: await resetPassword(c.get("deps"), c.get("meta"), resetPasswordInput.parse(await jsonBody(c))) });
  })
  .post("/verify-email", async (c) => {
    return c.json({ data: await verifyEmail(c.get("deps"), c.get("meta"), verifyEmailInput.parse(await jsonBody(c))) });
  })
  .post("/resend-verification", async (c) => {
    const session = requireSession(c);
    return c.json({ data: await resendVerification(c.get("deps"), session.user) });
  });
