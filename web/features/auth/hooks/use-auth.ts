import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { HttpError, request } from "../../../lib/http";

export type AuthUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  role: "user" | "admin";
  emailVerified: boolean;
  profileImageUrl: string | null;
  currentWorkspaceId: string | null;
};

export const authUserKey = ["auth", "user"] as const;

const BREAKER_THRESHOLD = 20;
const BREAKER_COOLDOWN_MS = 120_000;
const breaker = { failures: 0, openedAt: 0 };

/**
 * GET /auth/user: 401 → null at once (no retry). A circuit breaker opens after 20 consecutive
 * server/network failures and rests 2 minutes (SPEC §4 Session), so a down server is not hammered.
 */
export async function fetchAuthUser(): Promise<AuthUser | null> {
  if (breaker.openedAt && Date.now() - breaker.openedAt < BREAKER_COOLDOWN_MS) {
    throw new Error("Circuit breaker is open");
  }
  try {
    const user = await request<AuthUser | null>("/api/v1/auth/user", { on401: "null" });
    breaker.failures = 0;
    breaker.openedAt = 0;
    return user;
  } catch (e) {
    if (e instanceof HttpError && e.status === 403) throw new HttpError("Not authenticated", 403);
    if (e instanceof HttpError && (e.status === 0 || e.status >= 500)) {
      breaker.failures += 1;
      if (breaker.failures >= BREAKER_THRESHOLD) breaker.openedAt = Date.now();
      throw new HttpError(e.status ? `Server error: ${e.status}` : e.message, e.status);
    }
    throw e;
  }
}

export const authUserQuery = {
  queryKey: authUserKey,
  queryFn: fetchAuthUser,
  staleTime: 5 * 60_000,
  gcTime: 10 * 60_000,
};

/** Current user; polled every 60 s while authenticated (§9). */
export function useAuth() {
  const q = useQuery({
    ...authUserQuery,
    refetchInterval: (query) => (query.state.data ? 60_000 : false),
  });
  const user = q.data ?? null;
  // §7: a user without an email is an incomplete answer; ask again once.
  const incomplete = !!user && !user.email;
  const { refetch } = q;
  useEffect(() => {
    if (incomplete) void refetch();
  }, [incomplete, refetch]);
  return {
    user,
    isAuthenticated: !!user?.id,
    isLoading: q.isPending,
    isFetched: q.isFetched,
    error: q.error,
  };
}

/** POST /auth/heartbeat every 60 s while authenticated (online presence). */
export function useHeartbeat(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const beat = () => {
      request("/api/v1/auth/heartbeat", { method: "POST", body: {} }).catch(() => undefined);
    };
    beat();
    const t = setInterval(beat, 60_000);
    return () => clearInterval(t);
  }, [enabled]);
}

export const firstNameOf = (user: AuthUser | null) => user?.firstName?.trim() || "";
