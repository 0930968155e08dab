import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { SENTIMENT_LABEL, type Sentiment } from "../../../../src/schemas/insights";
import { tagName } from "../../../../src/schemas/insights-api";
import { useToast } from "../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { useRefreshInsights } from "../hooks/use-insights";

/** The inbox's pieces of insights (issue 18): a sentiment dot per customer message and the conversation's tags. */
type Dot = { sentiment: Sentiment; score: number; urgency: string; emotions: string[] };

/** Sentiments arrive a moment after the reply (a background job): re-read while the thread is open. */
export function useMessageSentiments(conversationId: string): Map<string, Dot> {
  const q = useQuery(trpc.insights.messageSentiments.queryOptions({ conversationId }, { refetchInterval: 10_000 }));
  return new Map((q.data ?? []).map((r) => [r.messageId, r]));
}

const DOT_TONE: Record<Sentiment, string> = { positive: "bg-success", neutral: "bg-base-content/40", negative: "bg-error" };

export function SentimentDot({ dot }: { dot: Dot | undefined }) {
  if (!dot) return null;
  const label = `Sentimento: ${SENTIMENT_LABEL[dot.sentiment]}${dot.urgency === "high" ? ", urgência alta" : ""}${dot.emotions.length ? ` (${dot.emotions.join(", ")})` : ""}`;
  return <span role="img" aria-label={label} title={label} data-sentiment={dot.sentiment} className={`inline-block size-2 rounded-full ${DOT_TONE[dot.sentiment]}`} />;
}

/** The conversation's tags (automatic and manual); a person who answers may add and remove them. */
export function ConversationTags({ conversationId, canAnswer }: { conversationId: string; canAnswer: boolean }) {
  const tags = useQuery(trpc.insights.conversationTags.queryOptions({ conversationId }));
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshInsights();
  const toast = useToast();
  const onError = (e: unknown) => toast({ title: trpcErrorMessage(e, "Não foi possível alterar a etiqueta."), variant: "destructive" });
  const add = useMutation(
    trpc.insights.addTag.mutationOptions({
      onSuccess: () => {
        setDraft("");
        void refresh();
      },
      onError,
    }),
  );
  const remove = useMutation(trpc.insights.removeTag.mutationOptions({ onSuccess: () => void refresh(), onError }));
  function submit() {
    const parsed = tagName.safeParse(draft);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Etiqueta inválida");
    setError(null);
    add.mutate({ conversationId, tag: parsed.data });
  }
  const rows = tags.data ?? [];
  if (!canAnswer && rows.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1 border-base-300 border-b bg-base-100 px-3 py-1.5 text-xs">
      <span className="text-base-content/60">Etiquetas:</span>
      <ul className="flex flex-wrap gap-1" aria-label="Etiquetas da conversa">
        {rows.map((t) => (
          <li key={t.tag} className={`badge badge-sm gap-1 ${t.source === "auto" ? "badge-ghost" : "badge-outline"}`} title={t.source === "auto" ? "Etiqueta automática" : "Etiqueta manual"}>
            {t.tag}
            {canAnswer && (
              <button type="button" className="cursor-pointer" aria-label={`Remover a etiqueta ${t.tag}`} disabled={remove.isPending} onClick={() => remove.mutate({ conversationId, tag: t.tag })}>
                ✕
              </button>
            )}
          </li>
        ))}
        {rows.length === 0 && <li className="text-base-content/50">nenhuma</li>}
      </ul>
      {canAnswer && (
        <form
          className="ml-auto flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label htmlFor={`tag-${conversationId}`} className="sr-only">
            Nova etiqueta
          </label>
          <input
            id={`tag-${conversationId}`}
            className={`input input-xs w-32 ${error ? "input-error" : ""}`}
            value={draft}
            maxLength={40}
            placeholder="Nova etiqueta"
            aria-invalid={!!error}
            aria-describedby={error ? `tag-err-${conversationId}` : undefined}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="btn btn-ghost btn-xs" disabled={add.isPending || !draft.trim()}>
            Adicionar
          </button>
          {error && (
            <span id={`tag-err-${conversationId}`} className="text-error">
              {error}
            </span>
          )}
        </form>
      )}
    </div>
  );
}
