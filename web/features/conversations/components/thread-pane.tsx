import { Fragment, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Skeleton } from "../../../components/ui/skeleton";
import { ConversationHandoffs } from "../../handoffs/components/conversation-handoffs";
import { ConversationTags, SentimentDot, useMessageSentiments } from "../../insights/components/conversation-insights";
import { trpcErrorMessage } from "../../../lib/trpc";
import { dayLabel, sameSpDay } from "../format";
import { threadMessages, useCanAnswer, useMarkRead, useThread } from "../hooks/use-conversations";
import { Composer } from "./composer";
import { ContactCard } from "./contact-card";
import { ConversationSummaryPanel } from "../../memory/components/conversation-summaries";
import { MessageBubble } from "./message-bubble";
import { ThreadHeader } from "./thread-header";

/** How close to the bottom counts as "reading the latest": new messages then scroll into view. */
const STICKY_PX = 120;

export function ThreadPane({ id, onBack }: { id: string; onBack: () => void }) {
  const thread = useThread(id);
  const sentiments = useMessageSentiments(id);
  const { canAnswer } = useCanAnswer();
  const markRead = useMarkRead();
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  // Below xl the contact card folds under the header; it mounts only when opened.
  const [contactOpen, setContactOpen] = useState(false);
  const conversation = thread.data?.pages[0]?.conversation;
  const messages = threadMessages(thread.data?.pages);
  const newestId = messages.at(-1)?.id;

  // Opening the conversation (and anything new arriving while it is open) clears its unread badge.
  const unread = conversation?.unreadCount ?? 0;
  const { mutate: markReadMutate } = markRead;
  useEffect(() => {
    if (canAnswer && unread > 0 && newestId) markReadMutate({ id });
  }, [canAnswer, unread, id, newestId, markReadMutate]);

  // Follow new messages while the person is at the bottom (the pane is keyed by conversation, so
  // each one opens at its newest message).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stick.current && newestId) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  if (thread.isPending) {
    return (
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-16 w-2/3" />
        <Skeleton className="ml-auto h-16 w-2/3" />
      </div>
    );
  }
  if (thread.isError || !conversation) {
    return (
      <div className="flex flex-1 flex-col items-start gap-3 p-4">
        <button type="button" className="btn btn-ghost btn-sm md:hidden" onClick={onBack}>
          Voltar
        </button>
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(thread.error, "Não foi possível carregar a conversa.")}
        </div>
      </div>
    );
  }

  return (
    <div className="flex min-h-0 flex-1">
      <section aria-label={`Conversa com ${conversation.clientName ?? "cliente"}`} className="flex min-h-0 min-w-0 flex-1 flex-col">
        <ThreadHeader conversation={conversation} canAnswer={canAnswer} onBack={onBack} />
        <ConversationHandoffs conversationId={id} canAnswer={canAnswer} />
        <ConversationTags conversationId={id} canAnswer={canAnswer} />
        <details className="border-base-300 border-b bg-base-100 xl:hidden" onToggle={(e) => setContactOpen(e.currentTarget.open)}>
          <summary className="cursor-pointer px-3 py-1.5 text-sm">Contato e negócios</summary>
          {contactOpen && <ContactCard conversationId={id} canAnswer={canAnswer} />}
        </details>
        {/* A log (polite live region): a message arriving while the thread is open is read aloud.
            Focusable so the keyboard can scroll it (WCAG 2.1.1). */}
        <div
          ref={scroller}
          role="log"
          aria-label="Mensagens"
          tabIndex={0}
          className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto bg-base-200/60 p-3 sm:p-4"
          onScroll={(e) => {
            const el = e.currentTarget;
            stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICKY_PX;
          }}
        >
          {thread.hasNextPage && (
            <button type="button" className="btn btn-ghost btn-xs self-center" disabled={thread.isFetchingNextPage} onClick={() => thread.fetchNextPage()}>
              {thread.isFetchingNextPage ? "Carregando..." : "Carregar mensagens anteriores"}
            </button>
          )}
          {messages.length === 0 && <p className="m-auto text-base-content/60 text-sm">Nenhuma mensagem nesta conversa ainda.</p>}
          {messages.map((m, i) => {
            const prev = messages[i - 1];
            return (
              <Fragment key={m.id}>
                {(!prev || !sameSpDay(prev.sentAt, m.sentAt)) && (
                  <div className="my-1 self-center rounded-full bg-base-100 px-3 py-0.5 text-base-content/60 text-xs">{dayLabel(m.sentAt)}</div>
                )}
                <MessageBubble message={m} badge={m.senderType === "customer" ? <SentimentDot dot={sentiments.get(m.id)} /> : undefined} />
              </Fragment>
            );
          })}
        </div>
        {!canAnswer ? null : conversation.replyBlockedReason ? (
          <p role="note" className="border-base-300 border-t bg-base-100 p-3 text-base-content/70 text-sm">
            {conversation.replyBlockedReason}
          </p>
        ) : (
          <Composer conversation={conversation} />
        )}
      </section>
      <aside aria-label="Contato do cliente" className="hidden w-72 shrink-0 overflow-y-auto border-base-300 border-l bg-base-100 xl:block">
        <ContactCard conversationId={id} canAnswer={canAnswer} />
        <ConversationSummaryPanel conversationId={id} canAnswer={canAnswer} />
      </aside>
    </div>
  );
}
