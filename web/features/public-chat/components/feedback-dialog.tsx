import { useId, useState } from "react";
import { Dialog } from "../../../components/ui/dialog";
import type { Feedback } from "../hooks/use-chat-session";

type Props = {
  kind: Feedback | null;
  sending: boolean;
  onSkip: () => void;
  onSend: (observation: string) => void;
};

/** 'Feedback Positivo' / 'Feedback Negativo' with an optional observation (§2, §5). */
export function FeedbackDialog({ kind, sending, onSkip, onSend }: Props) {
  const [observation, setObservation] = useState("");
  const id = useId();
  // The page re-keys this dialog per rated answer, so the observation starts empty each time.
  const close = onSkip;
  return (
    <Dialog
      open={kind !== null}
      onClose={close}
      size="sm"
      title={kind === "disliked" ? "Feedback Negativo" : "Feedback Positivo"}
      description={kind === "disliked" ? "Conte o que faltou ou o que estava errado nesta resposta." : "Conte o que você gostou nesta resposta."}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close} disabled={sending}>
            Pular
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={sending}
            onClick={() => onSend(observation.trim())}
          >
            {sending ? "Enviando..." : "Enviar Feedback"}
          </button>
        </>
      }
    >
      <label htmlFor={id} className="mb-1 block font-medium text-sm">
        Observação (opcional)
      </label>
      <textarea
        id={id}
        className="textarea w-full"
        rows={3}
        maxLength={2000}
        value={observation}
        placeholder="Escreva aqui, se quiser..."
        onChange={(e) => setObservation(e.target.value)}
      />
    </Dialog>
  );
}
