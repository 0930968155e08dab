import { useId } from "react";
import { Link } from "wouter";
import { SUMMARY_REASON_LABEL, channelLabel } from "../../../../src/schemas/memory";
import { Skeleton } from "../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { trpcErrorMessage } from "../../../lib/trpc";
import { useSummaries, useSummarize } from "../hooks/use-memory";

type Reason = keyof typeof SUMMARY_REASON_LABEL;

/** "Resumos de conversas" on the contact page: newest first, channel, São Paulo date, a link to the conversation. */
export function ContactSummariesSection({ contactId }: { contactId: string }) {
  const q = useSummaries({ contactId });
  const headingId = useId();
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id={headingId} className="mb-2 font-semibold">
        Resumos de conversas
      </h2>
      {q.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : q.isError ? (
        <p role="alert" className="text-error text-sm">
          {trpcErrorMessage(q.error, "Não foi possível carregar os resumos.")}
        </p>
      ) : items.length ? (
        <ul className="flex flex-col gap-3">
          {items.map((s) => (
            <li key={s.id} className="text-sm">
              <p className="mb-1 flex flex-wrap items-center gap-2 text-base-content/70 text-xs">
                <Link href={`/conversations?c=${s.conversationId}`} className="link link-hover font-medium text-base-content">
                  {channelLabel(s.channel)} · {formatDateTime(s.createdAt)}
                </Link>
                <span className="badge badge-ghost badge-xs">{SUMMARY_REASON_LABEL[s.reason as Reason] ?? s.reason}</span>
              </p>
              <p className="whitespace-pre-line">{s.summary}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-base-content/70 text-sm">Nenhum resumo ainda. Um resumo é escrito quando a conversa é resolvida ou fica 30 minutos sem mensagens.</p>
      )}
      {q.hasNextPage && (
        <button type="button" className="btn btn-ghost btn-sm mt-2" disabled={q.isFetchingNextPage} onClick={() => q.fetchNextPage()}>
          {q.isFetchingNextPage && <ButtonSpinner />}
          Carregar mais resumos
        </button>
      )}
    </section>
  );
}

/** The inbox side panel: the conversation's latest summary and "Gerar resumo". */
export function ConversationSummaryPanel({ conversationId, canAnswer }: { conversationId: string; canAnswer: boolean }) {
  const q = useSummaries({ conversationId }, 1);
  const summarize = useSummarize();
  const headingId = useId();
  const latest = q.data?.pages[0]?.items[0];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 p-3 text-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold text-base">
          Resumo
        </h2>
        {canAnswer && (
          <button type="button" className="btn btn-ghost btn-xs" disabled={summarize.isPending} onClick={() => summarize.mutate({ conversationId })}>
            {summarize.isPending && <ButtonSpinner />}
            Gerar resumo
          </button>
        )}
      </div>
      {q.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : q.isError ? (
        <p role="alert" className="text-error">
          {trpcErrorMessage(q.error, "Não foi possível carregar o resumo.")}
        </p>
      ) : latest ? (
        <>
          <p className="whitespace-pre-line">{latest.summary}</p>
          <p className="text-base-content/70 text-xs">
            {formatDateTime(latest.createdAt)} · {SUMMARY_REASON_LABEL[latest.reason as Reason] ?? latest.reason}
            {latest.source === "offline" ? " · modo offline (trechos da conversa)" : ""}
          </p>
        </>
      ) : (
        <p className="text-base-content/70">Ainda sem resumo.</p>
      )}
    </section>
  );
}
