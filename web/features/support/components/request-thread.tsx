import { formatDateTime } from "../../../lib/format";

export type ThreadMessage = { id: string; authorRole: "user" | "admin"; authorName: string; body: string; createdAt: number };

/** The conversation under a request, oldest first; the team's answers stand out from the user's. */
export function RequestThread({ messages }: { messages: ThreadMessage[] }) {
  if (messages.length === 0) {
    return <p className="text-base-content/60 text-sm">Ainda sem respostas. Você recebe um e-mail quando a equipe responder.</p>;
  }
  return (
    <ol className="flex flex-col gap-3">
      {messages.map((m) => (
        <li key={m.id} className={`rounded-box border p-3 ${m.authorRole === "admin" ? "border-primary/40 bg-primary/5" : "border-base-300 bg-base-100"}`}>
          <p className="flex flex-wrap items-baseline gap-2 text-sm">
            <span className="font-semibold">{m.authorName}</span>
            {m.authorRole === "admin" && <span className="badge badge-primary badge-soft badge-xs">Equipe Atenda</span>}
            <time className="text-base-content/60 text-xs" dateTime={new Date(m.createdAt).toISOString()}>
              {formatDateTime(m.createdAt)}
            </time>
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}
