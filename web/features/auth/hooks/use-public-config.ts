import { useQuery } from "@tanstack/react-query";
import { request } from "../../../lib/http";

export type PublicConfig = { publicSiteUrl: string; offlineMode: boolean; trainingMaxUploadMb: number; appUrl: string | null };

export const publicConfigQuery = {
  queryKey: ["config", "public"] as const,
  queryFn: async (): Promise<PublicConfig> => {
    const cfg = await request<Partial<PublicConfig> | null>("/api/v1/config/public", { on401: "null" });
    return {
      publicSiteUrl: cfg?.publicSiteUrl || "/login",
      offlineMode: cfg?.offlineMode === true,
      trainingMaxUploadMb: typeof cfg?.trainingMaxUploadMb === "number" ? cfg.trainingMaxUploadMb : 20,
      appUrl: typeof cfg?.appUrl === "string" && /^https?:\/\//.test(cfg.appUrl) ? cfg.appUrl.replace(/\/$/, "") : null,
    };
  },
  staleTime: 10 * 60_000,
  retry: 1,
};

/** Public site URL (logout target), offline mode, the upload cap and APP_URL; failures fall back to defaults. */
export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
