import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/http";

export type PublicAgent = { id: string; name: string; activity: string | null; avatarUrl: string | null; greetingMessage: string | null };

/** GET /api/v1/public/agents/{id}: 404 when missing or inactive (the 'Agente não encontrado' state). */
export function usePublicAgent(id: string) {
  return useQuery({
    queryKey: ["public-agent", id],
    queryFn: () => api.get<PublicAgent>(`/api/v1/public/agents/${encodeURIComponent(id)}`),
    enabled: id.length > 0,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}
