import { useState } from "react";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Icon } from "../../../../components/ui/icons";
import { useDisconnectChannel } from "../../hooks/use-channels";
import { ServerError } from "../training/form-bits";

/** "Desconectar" behind a confirmation; the refusal (e.g. no permission) shows right above it. */
export function DisconnectButton({ agentId, connectionId, title, description, disabled }: { agentId: string; connectionId: string; title: string; description: string; disabled?: boolean }) {
  const disconnect = useDisconnectChannel(agentId);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {disconnect.error && <ServerError error={disconnect.error} />}
      <button type="button" className="btn btn-ghost btn-sm text-error" disabled={disabled || disconnect.isPending} onClick={() => setConfirming(true)}>
        <Icon name="trash" className="size-4" />
        Desconectar
      </button>
      <ConfirmDialog
        open={confirming}
        title={title}
        description={description}
        confirmLabel="Desconectar"
        pending={disconnect.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => disconnect.mutate({ id: connectionId }, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}
