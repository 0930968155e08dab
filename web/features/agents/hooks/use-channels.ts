import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";
import { useToast } from "../../../components/ui/toast";
import { trpc } from "../../../lib/trpc";

export type ChannelConnection = inferRouterOutputs<AppRouter>["channels"]["list"][number];

export const useChannelConnections = (agentId: string) => useQuery(trpc.channels.list.queryOptions({ agentId }));
export const useWebhookUrls = () => useQuery(trpc.channels.webhookUrl.queryOptions());

/** Success toast + re-read of the agent's connections; failures stay inline with the form. */
function useAfterChange(agentId: string) {
  const qc = useQueryClient();
  const toast = useToast();
  return (title: string, description?: string) => {
    toast({ title, description });
    return qc.invalidateQueries({ queryKey: trpc.channels.list.queryKey({ agentId }) });
  };
}

export function useConnectWhatsApp(agentId: string) {
  const done = useAfterChange(agentId);
  return useMutation(trpc.channels.connectWhatsApp.mutationOptions({ onSuccess: () => done("WhatsApp conectado", "Cole a URL do webhook no painel da Meta.") }));
}

export function useUpdateWhatsApp(agentId: string) {
  const done = useAfterChange(agentId);
  return useMutation(trpc.channels.updateWhatsApp.mutationOptions({ onSuccess: () => done("Conexão do WhatsApp salva") }));
}

export function useDisconnectChannel(agentId: string) {
  const done = useAfterChange(agentId);
  return useMutation(trpc.channels.disconnect.mutationOptions({ onSuccess: () => done("Canal desconectado") }));
}

/** A random verify token (hex, 32 chars) for the Meta webhook handshake. */
export function randomVerifyToken() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
