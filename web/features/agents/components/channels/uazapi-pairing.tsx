import { useEffect } from "react";
import { Icon } from "../../../../components/ui/icons";
import { ButtonSpinner, Spinner } from "../../../../components/ui/spinner";
import { trpcErrorMessage } from "../../../../lib/trpc";
import { type ConnectionOf, useRefreshChannels, type useUazapiPair, useUazapiStatus } from "../../hooks/use-channels";

type Props = {
  agentId: string;
  connection: ConnectionOf<"whatsapp_uaz">;
  canEdit: boolean;
  /** The pairing the connect step already asked for (QR or code), shown until a poll brings a newer QR. */
  pair: ReturnType<typeof useUazapiPair>;
};

/**
 * The QR code to read on the phone (or the pairing code), with the instance polled every 3 s:
 * once UAZAPI says "connected" the list is re-read and the card shows the number instead.
 */
export function UazapiPairing({ agentId, connection, canEdit, pair }: Props) {
  const status = useUazapiStatus(connection.id, true);
  const refresh = useRefreshChannels(agentId);
  const connected = status.data?.state === "connected";
  useEffect(() => {
    if (connected) void refresh();
  }, [connected, refresh]);

  const qrcode = status.data?.qrcode ?? pair.data?.qrcode ?? null;
  const paircode = pair.data?.paircode ?? null;
  const newQr = () => pair.mutate({ id: connection.id });

  return (
    <div className="flex flex-col items-center gap-3 rounded-field bg-base-200/60 p-4 text-center">
      <p className="text-sm">
        No celular, abra o WhatsApp › <strong>Aparelhos conectados</strong> › <strong>Conectar um aparelho</strong> e leia o QR code.
      </p>
      {qrcode ? (
        <img src={qrcode} alt="QR code do WhatsApp" className="size-56 rounded-box bg-white p-2" />
      ) : (
        <p className="text-base-content/60 text-sm">{pair.isPending ? "Gerando QR code…" : "Nenhum QR code ativo. Gere um novo para parear o número."}</p>
      )}
      {paircode && (
        <p className="text-sm">
          Ou use o código de pareamento: <strong data-testid="uazapi-paircode" className="font-mono text-lg">{paircode}</strong>
        </p>
      )}
      <Spinner size="sm" label="Aguardando a leitura do QR code…" />
      {(pair.error || status.error) && (
        <p role="alert" className="rounded-field bg-error/10 px-3 py-2 text-error text-sm">
          {trpcErrorMessage(pair.error ?? status.error, "Não foi possível falar com o servidor UAZAPI.")}
        </p>
      )}
      <button type="button" className="btn btn-sm" disabled={!canEdit || pair.isPending} onClick={newQr}>
        {pair.isPending ? <ButtonSpinner /> : <Icon name="refresh" className="size-4" />}
        Gerar novo QR
      </button>
    </div>
  );
}
