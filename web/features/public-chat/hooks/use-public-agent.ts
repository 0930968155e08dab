import { useEffect, useState } from "react";
import { api } from "../../../lib/http";

/** unavailableReason: the agent answers nobody (blocked by the platform, owner suspended) and the page says why. */
export type PublicAgent = { id: string; name: string; activity: string | null; avatarUrl: string | null; greetingMessage: string | null; unavailableReason?: string | null };

type Loaded = { id: string; data: PublicAgent | null };

/** The agent the server put in the chat page (src/api/spa.ts), so the first paint waits for no request. */
function agentInPage(id: string): Loaded | null {
  const raw = typeof document === "undefined" ? null : document.querySelector('meta[name="atenda-agent"]')?.getAttribute("content");
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as PublicAgent;
    return data.id === id ? { id, data } : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/v1/public/agents/{id}: 404 when missing or inactive (the 'Agente não encontrado' state).
 * A plain fetch, not react-query: the public chat page (web/chat.tsx) ships without the query client.
 */
export function usePublicAgent(id: string) {
  const [loaded, setLoaded] = useState<Loaded | null>(() => agentInPage(id));
  const current = loaded?.id === id ? loaded : null;
  useEffect(() => {
    if (!id || current) return;
    let live = true;
    api.get<PublicAgent>(`/api/v1/public/agents/${encodeURIComponent(id)}`).then(
      (data) => live && setLoaded({ id, data }),
      () => live && setLoaded({ id, data: null }),
    );
    return () => {
      live = false;
    };
  }, [id, current]);
  return { isPending: current === null, isError: current !== null && current.data === null, data: current?.data ?? undefined };
}
