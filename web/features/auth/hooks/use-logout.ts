import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { fetchWithRetry } from "../../../lib/http";
import { clearAuthStorage, keys, session } from "../../../lib/storage";
import { type PublicConfig, publicConfigQuery } from "./use-public-config";

const LOGOUT_REDIRECT_DELAY_MS = 250;

/** Module-level flag so the 'Saindo...' overlay (mounted at the root) survives the shell unmounting. */
let loggingOut = false;
const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};
const setLoggingOut = (v: boolean) => {
  loggingOut = v;
  for (const fn of listeners) fn();
};

export const useLoggingOut = () => useSyncExternalStore(subscribe, () => loggingOut);

/**
 * SPEC §4 Logout: fire-and-forget POST, clear cache and auth storage (remember-me stays), set the
 * session flag that stops /login bouncing back, show 'Saindo...', then leave for the public site.
 */
export function useLogout() {
  const qc = useQueryClient();
  return useCallback(() => {
    if (loggingOut) return;
    setLoggingOut(true);
    const target = qc.getQueryData<PublicConfig>(publicConfigQuery.queryKey)?.publicSiteUrl || "/login";
    // keepalive lets the request finish even though we navigate away right after.
    fetchWithRetry(
      "/api/v1/auth/logout",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}", keepalive: true },
      { attempts: 1 },
    ).catch(() => undefined);
    session.set(keys.logoutFlag, "1");
    clearAuthStorage();
    void qc.cancelQueries();
    qc.clear();
    setTimeout(() => {
      window.location.href = target;
    }, LOGOUT_REDIRECT_DELAY_MS);
  }, [qc]);
}
