import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { Icon } from "../../../components/ui/icons";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { trpcErrorMessage } from "../../../lib/trpc";
import { REPLY_MAX_CHARS } from "../../../../src/schemas/conversations";
import { clockTime, dayLabel } from "../format";
import { type ConversationDetail, useReply } from "../hooks/use-conversations";

/** What the AI does while a person answers, in the person's words. */
function pauseNote(c: ConversationDetail) {
  if (c.handledBy === "human" && c.aiPausedUntil === null) return "Você assumiu esta conversa: a IA fica em silêncio até você devolvê-la.";
  if (c.handledBy === "human" && c.aiPausedUntil && c.aiPausedUntil > Date.now()) {
    const day = dayLabel(c.aiPausedUntil);
    return `A IA está pausada até ${day === "Hoje" ? "" : `${day.toLowerCase()} `}${clockTime(c.aiPausedUntil)} (ou até você devolver a conversa). Cada resposta sua renova a pausa.`;
  }
  return `Ao responder, a IA pausa por ${c.aiPauseMinutes} minutos nesta conversa para não falar junto com você. Use "Devolver para a IA" para ela voltar antes.`;
}

/** "Responder como atendente": Enter sends, Shift+Enter breaks the line. */
export function Composer({ conversation }: { conversation: ConversationDetail }) {
  const [text, setText] = useState("");
  const reply = useReply();
  const id = useId();
  const sendId = useRef<string | null>(null);
  const trimmed = text.trim();
  const tooLong = trimmed.length > REPLY_MAX_CHARS;

  const send = () => {
    if (!trimmed || tooLong || reply.isPending) return;
    // One id per message: a retried request (no answer seen) is not stored twice by the server.
    sendId.current ??= crypto.randomUUID();
    reply.mutate(
      { id: conversation.id, text: trimmed, clientId: sendId.current },
      {
        onSuccess: () => {
          setText("");
          sendId.current = null;
        },
      },
    );
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 border-base-300 border-t bg-base-100 p-3">
      <div role="note" className="flex items-start gap-2 rounded-field bg-info/10 px-3 py-2 text-info-content text-xs">
        <Icon name="info" className="mt-0.5 size-3.5 shrink-0 text-info" />
        <span className="text-base-content/80">{pauseNote(conversation)}</span>
      </div>
      <label htmlFor={id} className="sr-only">
        Responder como atendente
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          rows={2}
          className={`textarea textarea-sm max-h-40 min-h-[58px] flex-1 resize-y ${tooLong ? "textarea-error" : ""}`}
          placeholder="Responder como atendente (Enter envia, Shift+Enter quebra a linha)"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            sendId.current = null;
          }}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={!trimmed || tooLong || reply.isPending} aria-label="Enviar resposta">
          {reply.isPending ? <ButtonSpinner /> : <Icon name="send" className="size-4" />}
          <span className="hidden sm:inline">Enviar</span>
        </button>
      </div>
      {tooLong && <p className="text-error text-xs">A mensagem deve ter no máximo {REPLY_MAX_CHARS} caracteres</p>}
      {reply.isError && (
        <p role="alert" className="text-error text-xs">
          {trpcErrorMessage(reply.error, "Não foi possível enviar a resposta. Tente novamente.")}
        </p>
      )}
    </form>
  );
}
