import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "../../../../routers/_app";
import { useToast } from "../../../components/ui/toast";
import { trpc } from "../../../lib/trpc";

export type ChannelConnection = inferRouterOutputs<AppRouter>["channels"]["list"][number];
export type ConnectionOf<K extends ChannelConnection["channel"]> = Extract<ChannelConnection, { channel: K }>;

/** The agent's connection of one channel kind, typed as that kind. */
export const connectionOf = <K extends ChannelConnection["channel"]>(list: ChannelConnection[] | undefined, kind: K) =>
  list?.find((c): c is ConnectionOf<K> => c.channel === kind);

/** The QR code is short-lived and the pairing happens on the phone: the card polls this often. */
export const UAZAPI_POLL_MS = 3000;

export const useChannelConnections = (agentId: string) => useQuery(trpc.channels.list.queryOptions({ agentId }));
export const useWebhookUrls = () => useQuery(trpc.channels.webhookUrl.queryOptions());

/** Re-reads the agent's connections (after a change, a test, a pairing seen by the status poll). */
export function useRefreshChannels(agentId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: trpc.channels.list.queryKey({ agentId }) });
}

/** Success toast + re-read of the agent's connections; failures stay inline with the form. */
function useAfterChange(agentId: string) {
  const refresh = useRefreshChannels(agentId);
  const toast = useToast();
  return (title: string, description?: string) => {
    toast({ title, description });
    return refresh();
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

export function useConnectTelegram(agentId: string) {
  const done = useAfterChange(agentId);
  return useMutation(trpc.channels.connectTelegram.mutationOptions({ onSuccess: () => done("Telegram conectado") }));
}

export function useConnectUazapi(agentId: string) {
  const done = useAfterChange(agentId);
  return useMutation(trpc.channels.connectUazapi.mutationOptions({ onSuccess: () => done("Servidor conectado", "Leia o QR code com o WhatsApp do celular.") }));
}

export const useUazapiPair = () => useMutation(trpc.channels.uazapiPair.mutationOptions());

/** The instance's state, polled every 3 s (while `enabled`) until it reports "connected". */
export const useUazapiStatus = (id: string, enabled: boolean) =>
  useQuery(
    trpc.channels.uazapiStatus.queryOptions(
      { id },
      { enabled, refetchInterval: (q) => (q.state.data?.state === "connected" ? false : UAZAPI_POLL_MS), refetchIntervalInBackground: false, retry: false },
    ),
  );

export function useConnectInstagram(agentId: string) {
  const done = useAfterChange(agentId);
  return useMutation(trpc.channels.connectInstagram.mutationOptions({ onSuccess: () => done("Instagram conectado", "Cole a URL do webhook no painel da Meta.") }));
}

export function useUpdateInstagram(agentId: string) {
  const done = useAfterChange(agentId);
  return useMutation(trpc.channels.updateInstagram.mutationOptions({ onSuccess: () => done("Conexão do Instagram salva") }));
}

/** "Testar conexão": the result shows on the card; the list is re-read for the stored last test. */
export function useTestConnection(agentId: string) {
  const refresh = useRefreshChannels(agentId);
  return useMutation(trpc.channels.test.mutationOptions({ onSuccess: () => refresh() }));
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
