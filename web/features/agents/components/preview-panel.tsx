import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { AgentAvatar } from "../../../components/ui/avatar";
import { Icon } from "../../../components/ui/icons";
import { MarkdownContent } from "../../../components/ui/markdown-content";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import type { Agent } from "../hooks/use-agents";

type Turn = { id: string; role: "user" | "assistant"; content: string; outcome?: string; failed?: boolean };

/**
 * "Testar agente": the editor's preview through agents.preview, the same runtime as the public
 * chat. Nothing is stored in conversations; each answer is charged like any turn.
 */
export function PreviewPanel({ agent, open, onClose }: { agent: Agent; open: boolean; onClose: () => void }) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [text, setText] = useState("");
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const preview = useMutation(trpc.agents.preview.mutationOptions());

  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  });
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const message = text.trim();
    if (!message || preview.isPending) return;
    const chatHistory = turns.filter((t) => !t.failed).map(({ role, content }) => ({ role, content }));
    setTurns((t) => [...t, { id: crypto.randomUUID(), role: "user", content: message }]);
    setText("");
    try {
      const r = await preview.mutateAsync({ id: agent.id, chat: { message, chatHistory } });
      setTurns((t) => [...t, { id: crypto.randomUUID(), role: "assistant", content: r.response, outcome: r.outcome }]);
    } catch (err) {
      setTurns((t) => [...t, { id: crypto.randomUUID(), role: "assistant", content: trpcErrorMessage(err, "Não foi possível gerar a resposta."), failed: true }]);
    }
    inputRef.current?.focus();
  }

  return (
    <aside
      aria-label="Testar agente"
      aria-hidden={!open}
      inert={!open}
      className={`fixed top-0 right-0 z-40 flex h-screen w-full flex-col border-base-300 border-l bg-base-100 transition-transform duration-200 sm:w-[26rem] ${
        open ? "translate-x-0 shadow-2xl" : "translate-x-full"
      }`}
    >
      <header className="flex items-center gap-3 border-base-300 border-b p-4">
        <AgentAvatar name={agent.name} url={agent.avatarUrl} size="md" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">Testar agente</p>
          <p className="truncate text-base-content/60 text-xs">Mesmo motor do chat público · consome créditos · não fica salvo</p>
        </div>
        <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Limpar teste" title="Limpar teste" onClick={() => setTurns([])}>
          <Icon name="refresh" className="size-4" />
        </button>
        <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Fechar teste" onClick={onClose}>
          <Icon name="x" className="size-4" />
        </button>
      </header>

      <div ref={listRef} className="flex-1 space-y-3 overflow-y-auto bg-base-200/60 p-4" aria-live="polite">
        {!agent.isActive && (
          <p role="status" className="alert alert-warning alert-soft text-sm">
            O agente está inativo: o chat público não responde, mas você pode testá-lo aqui.
          </p>
        )}
        {turns.length === 0 && (
          <p className="py-8 text-center text-base-content/60 text-sm">Envie uma mensagem como se fosse um cliente. Salve as seções antes de testar as mudanças.</p>
        )}
        {turns.map((t) =>
          t.role === "user" ? (
            <div key={t.id} className="ml-auto w-fit max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-br-sm bg-primary px-3 py-2 text-primary-content text-sm">
              {t.content}
            </div>
          ) : (
            <div key={t.id} className="max-w-[90%]">
              <div className={`rounded-2xl rounded-bl-sm border px-3 py-2 text-sm ${t.failed ? "border-error/40 bg-error/5 text-error" : "border-base-300 bg-base-100"}`}>
                {t.failed ? t.content : <MarkdownContent text={t.content} />}
              </div>
              {t.outcome === "offline" && <span className="badge badge-warning badge-soft badge-xs mt-1">modo offline</span>}
            </div>
          ),
        )}
        {preview.isPending && (
          <div className="w-fit rounded-2xl border border-base-300 bg-base-100 px-3 py-2">
            <span role="status" className="loading loading-dots loading-sm text-base-content/50" aria-label="Digitando..." />
          </div>
        )}
      </div>

      <form onSubmit={send} className="flex items-end gap-2 border-base-300 border-t p-3">
        <textarea
          ref={inputRef}
          rows={1}
          className="textarea min-h-11 flex-1 resize-none"
          placeholder="Escreva uma mensagem de teste..."
          aria-label="Mensagem de teste"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <button type="submit" className="btn btn-primary btn-square" aria-label="Enviar teste" disabled={!text.trim() || preview.isPending}>
          <Icon name="send" className="size-5" />
        </button>
      </form>
    </aside>
  );
}
