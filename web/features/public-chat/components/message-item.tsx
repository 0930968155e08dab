import { AgentAvatar } from "../../../components/ui/avatar";
import { Icon } from "../../../components/ui/icons";
import { MarkdownContent } from "../../../components/ui/markdown-content";
import type { ChatMessage, Feedback } from "../hooks/use-chat-session";

const time = (ts: number) => new Date(ts).toLocaleTimeString("pt-BR", { hour: "2-digit", minute: "2-digit" });

export function UserMessage({ m }: { m: ChatMessage }) {
  return (
    <div className="flex flex-col items-end gap-1" data-role="user">
      {m.image && <img src={m.image} alt="Imagem enviada" className="max-h-60 max-w-[75%] rounded-2xl border border-base-300 object-contain" />}
      {m.audio && <audio controls src={m.audio} className="h-10 max-w-[75%]" aria-label="Áudio enviado" />}
      {m.content && (
        <div className="max-w-[80%] whitespace-pre-wrap rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-primary-content shadow-sm">{m.content}</div>
      )}
      <span className="text-base-content/40 text-xs">{time(m.timestamp)}</span>
    </div>
  );
}

type AssistantProps = {
  m: ChatMessage;
  agentName: string;
  avatarUrl: string | null;
  onRate: (kind: Feedback) => void;
  onCopy: () => void;
};

/** An answer with its like / dislike / copy row (§2). Rated answers keep their mark. */
export function AssistantMessage({ m, agentName, avatarUrl, onRate, onCopy }: AssistantProps) {
  const btn = "btn btn-ghost btn-xs btn-square text-base-content/50 hover:text-base-content";
  // aria-disabled, not disabled: the rated button keeps focus when the feedback dialog hands it back.
  const rated = m.feedback !== undefined;
  return (
    <div className="flex items-start gap-2.5" data-role="assistant">
      <AgentAvatar name={agentName} url={avatarUrl} size="sm" />
      <div className="min-w-0 max-w-[85%]">
        <div
          data-testid="assistant-message"
          className={`rounded-2xl rounded-tl-md border px-4 py-2.5 shadow-sm ${m.failed ? "border-error/30 bg-error/5" : "border-base-300 bg-base-100"}`}
        >
          <MarkdownContent text={m.content} />
        </div>
        <div className="mt-1 flex items-center gap-0.5">
          <span className="mr-1 text-base-content/40 text-xs">{time(m.timestamp)}</span>
          <button
            type="button"
            className={`${btn} ${m.feedback === "liked" ? "text-success" : ""}`}
            aria-label="Resposta satisfatória"
            title="Resposta satisfatória"
            aria-pressed={m.feedback === "liked"}
            aria-disabled={rated}
            onClick={() => !rated && onRate("liked")}
          >
            <Icon name="thumbUp" className="size-3.5" />
          </button>
          <button
            type="button"
            className={`${btn} ${m.feedback === "disliked" ? "text-error" : ""}`}
            aria-label="Resposta insatisfatória"
            title="Resposta insatisfatória"
            aria-pressed={m.feedback === "disliked"}
            aria-disabled={rated}
            onClick={() => !rated && onRate("disliked")}
          >
            <Icon name="thumbDown" className="size-3.5" />
          </button>
          <button type="button" className={btn} aria-label="Copiar" title="Copiar" onClick={onCopy}>
            <Icon name="copy" className="size-3.5" />
          </button>
        </div>
      </div>
    </div>
  );
}

/** The reply while it streams in, or three dots before its first word. */
export function PendingReply({ text, agentName, avatarUrl }: { text: string | null; agentName: string; avatarUrl: string | null }) {
  return (
    <div className="flex items-start gap-2.5" data-role="assistant-pending">
      <AgentAvatar name={agentName} url={avatarUrl} size="sm" />
      <div className="min-w-0 max-w-[85%] rounded-2xl rounded-tl-md border border-base-300 bg-base-100 px-4 py-2.5 shadow-sm">
        {text ? (
          <MarkdownContent text={text} />
        ) : (
          <span className="flex h-6 items-center" role="status" aria-label="Digitando...">
            <span className="loading loading-dots loading-sm text-base-content/40" />
          </span>
        )}
      </div>
    </div>
  );
}
