/**
 * Browser storage keys in one place. Keys under AUTH_PREFIX are cleared on logout; remember-me
 * credentials and UI preferences survive it.
 */
const AUTH_PREFIX = "atenda:auth:";

export const keys = {
  rememberEmail: "atenda:remember:email",
  rememberPassword: "atenda:remember:password",
  sidebarCollapsed: "atenda:ui:sidebar-collapsed",
  lastWorkspace: `${AUTH_PREFIX}last-workspace`,
  /** sessionStorage: a logout is in progress, so /login must not bounce to /dashboard. */
  logoutFlag: "atenda:logout-in-progress",
  /** sessionStorage: invitation token kept across login/register. */
  pendingInvite: "atenda:pending-invite",
} as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (k: string) => safe(() => localStorage.getItem(k), null),
  set: (k: string, v: string) => safe(() => localStorage.setItem(k, v), undefined),
  remove: (k: string) => safe(() => localStorage.removeItem(k), undefined),
};

export const session = {
  get: (k: string) => safe(() => sessionStorage.getItem(k), null),
  set: (k: string, v: string) => safe(() => sessionStorage.setItem(k, v), undefined),
  remove: (k: string) => safe(() => sessionStorage.removeItem(k), undefined),
};

export function clearAuthStorage() {
  safe(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith(AUTH_PREFIX)) localStorage.removeItem(k);
  }, undefined);
}

/** Where to go after a successful login: a stashed invitation first, else the dashboard. */
export function postLoginTarget(): string {
  const token = session.get(keys.pendingInvite);
  return token ? `/convite?token=${encodeURIComponent(token)}` : "/dashboard";
}
