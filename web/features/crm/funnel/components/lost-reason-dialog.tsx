import { type FormEvent, useState } from "react";
import { lostReasonField } from "../../../../../src/schemas/crm/funnel";
import { Dialog } from "../../../../components/ui/dialog";
import { TextArea } from "../../../../components/ui/fields";

type Props = { dealTitle: string | null; stageName: string; onConfirm: (reason: string) => void; onCancel: () => void };

/** A drop on a "Perdido" stage asks why before the move is sent. */
export function LostReasonDialog({ dealTitle, stageName, onConfirm, onCancel }: Props) {
  const [reason, setReason] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const parsed = lostReasonField.safeParse(reason);
  const error = submitted && !parsed.success ? (parsed.error.issues[0]?.message ?? "Motivo inválido") : null;
  function close() {
    setReason("");
    setSubmitted(false);
    onCancel();
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!parsed.success) return;
    setReason("");
    setSubmitted(false);
    onConfirm(parsed.data);
  }
  return (
    <Dialog open={dealTitle !== null} onClose={close} title="Motivo da perda" description={`"${dealTitle ?? ""}" vai para ${stageName}. Conte por que o negócio foi perdido.`}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextArea label="Motivo" value={reason} onChange={setReason} error={error} max={500} rows={3} placeholder="Ex.: preço acima do orçamento" />
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancelar
          </button>
          <button type="submit" className="btn btn-error">
            Marcar como perdido
          </button>
        </div>
      </form>
    </Dialog>
  );
}
