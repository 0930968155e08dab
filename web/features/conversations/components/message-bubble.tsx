import type { ReactNode } from "react";
import { Icon } from "../../../components/ui/icons";
import { MarkdownContent } from "../../../components/ui/markdown-content";
import { ProtectedImage } from "../../../components/ui/protected-image";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDateTime } from "../../../lib/format";
import { attachmentLabel, clockTime, type DeliveryStatus, deliveryLabel } from "../format";
import type { ThreadMessage } from "../hooks/use-conversations";

const WHO: Record<ThreadMessage["senderType"], string> = { customer: "Cliente", agent: "Agente IA", human: "Atendente", system: "Sistema" };

/** One message: the customer on the left, the AI and people on the right, each with its own colour. */
/** `badge`: the customer message's sentiment dot (insights, issue 18), shown beside the time. */
export function MessageBubble({ message: m, badge }: { message: ThreadMessage; badge?: ReactNode }) {
  if (m.senderType === "system") {
    return <p className="mx-auto max-w-md rounded-box bg-base-200 px-3 py-1 text-center text-base-content/70 text-xs">{m.content}</p>;
  }
  const ours = m.senderType !== "customer";
  const tone = m.senderType === "agent" ? "bg-primary/10" : m.senderType === "human" ? "bg-secondary/15" : "bg-base-100 border border-base-300";
  // Agent replies name the agent that answered (multi-agent orchestrations, issue 18).
  const who = (m.senderType === "human" || m.senderType === "agent") && m.senderName ? `${WHO[m.senderType]} · ${m.senderName}` : m.senderType === "customer" && m.senderName ? m.senderName : WHO[m.senderType];
  return (
    <article aria-label={`Mensagem de ${WHO[m.senderType]}`} data-sender={m.senderType} className={`flex ${ours ? "justify-end" : "justify-start"}`}>
      <div className={`flex max-w-[85%] flex-col gap-1 rounded-box px-3 py-2 sm:max-w-[70%] ${tone}`}>
        <span className="font-medium text-base-content/60 text-xs">{who}</span>
        {m.attachments.map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: attachments have no id and never reorder
          <Attachment key={i} attachment={a} />
        ))}
        {m.content &&
          (m.senderType === "agent" ? <MarkdownContent text={m.content} className="text-sm" /> : <p className="whitespace-pre-wrap break-words text-sm">{m.content}</p>)}
        {m.meta?.transcript && <p className="text-base-content/60 text-xs italic">Transcrição: {m.meta.transcript}</p>}
        {m.senderType === "agent" && <AiTrail meta={m.meta} />}
        <span className="flex items-center justify-end gap-1 text-base-content/50 text-[11px]">
          {badge}
          <time dateTime={new Date(m.sentAt).toISOString()} title={formatDateTime(m.sentAt)}>
            {clockTime(m.sentAt)}
          </time>
          {ours && m.deliveryStatus && <DeliveryTick status={m.deliveryStatus} error={m.deliveryError} />}
        </span>
      </div>
    </article>
  );
}

/** Sent ✓, delivered ✓✓, read ✓✓ (blue), failed ! with the channel's reason on hover. */
function DeliveryTick({ status, error }: { status: DeliveryStatus; error: string | null }) {
  const label = deliveryLabel(status, error);
  const failed = status === "failed" || status === "skipped";
  return (
    <span role="img" aria-label={label} title={label} data-delivery={status} className={`inline-flex ${failed ? "text-error" : status === "read" ? "text-info" : ""}`}>
      {status === "pending" ? (
        <Icon name="history" className="size-3.5" />
      ) : failed ? (
        <Icon name="info" className="size-3.5" />
      ) : (
        <svg viewBox="0 0 24 16" className="h-3 w-4" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
          <path d="M1 8.5 5 12.5 13 3.5" />
          {status !== "sent" && <path d="M9 12.5 17 3.5" />}
        </svg>
      )}
    </span>
  );
}

function Attachment({ attachment: a }: { attachment: ThreadMessage["attachments"][number] }) {
  const label = a.fileName ? `${attachmentLabel(a.type)}: ${a.fileName}` : attachmentLabel(a.type);
  if (a.url && a.type === "image") {
    return (
      <a href={a.url} target="_blank" rel="noreferrer noopener">
        <ProtectedImage
          src={a.url}
          alt={label}
          className="max-h-60 rounded-field object-contain"
          loading="lazy"
          referrerPolicy="no-referrer"
          placeholder={<Skeleton className="h-40 w-56 rounded-field" />}
        />
      </a>
    );
  }
  if (a.url && a.type === "audio") return <audio controls src={a.url} className="max-w-full" aria-label={label} />;
  if (a.url && a.type === "video") return <video controls src={a.url} className="max-h-60 max-w-full rounded-field" aria-label={label} />;
  const icon = a.type === "image" ? "image" : a.type === "audio" ? "mic" : a.type === "video" ? "video" : "paperclip";
  const body = (
    <>
      <Icon name={icon} className="size-4" />
      <span className="truncate">{label}</span>
    </>
  );
  return a.url ? (
    <a href={a.url} target="_blank" rel="noreferrer noopener" className="flex items-center gap-2 rounded-field bg-base-100/70 px-2 py-1 text-sm underline">
      {body}
    </a>
  ) : (
    <span className="flex items-center gap-2 rounded-field bg-base-100/70 px-2 py-1 text-sm" data-attachment={a.type}>
      {body}
    </span>
  );
}

/** What the AI used for this answer: its training passages and tools, folded away by default. */
function AiTrail({ meta }: { meta: ThreadMessage["meta"] }) {
  if (!meta) return null;
  const { sources, tools } = meta;
  if (!sources.length && !tools.length && !meta.outcome) return null;
  return (
    <div className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
      {sources.length > 0 && (
        <details>
          <summary className="cursor-pointer text-base-content/60">Fontes ({sources.length})</summary>
          <ul className="mt-1 list-disc pl-4 text-base-content/70">
            {sources.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same source may be cited twice
              <li key={i}>
                {s.source || "Treinamento"}
                {s.score !== null && <span className="text-base-content/50"> · {Math.round(s.score * 100)}%</span>}
              </li>
            ))}
          </ul>
        </details>
      )}
      {tools.length > 0 && (
        <details>
          <summary className="cursor-pointer text-base-content/60">Ferramentas ({tools.length})</summary>
          <ul className="mt-1 list-disc pl-4 text-base-content/70">
            {tools.map((t, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a tool may run twice
              <li key={i}>
                {t.name}
                {t.reason && <span className="text-base-content/50"> · {t.reason}</span>}
              </li>
            ))}
          </ul>
        </details>
      )}
      {meta.outcome === "offline" && <span className="text-base-content/50">modo offline</span>}
      {meta.outcome === "cached" && <span className="text-base-content/50">resposta em cache</span>}
    </div>
  );
}
