import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { SelectInput, TextArea } from "../../../../components/ui/fields";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { formatDateTime } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { SUPPORT_STATUS_LABEL, type SupportStatus } from "../../../../../src/schemas/support";
import { SUPPORT_REPLY_MAX } from "../../../../../src/schemas/support-api";

type Message = { id: string; authorRole: "user" | "admin"; authorName: string; body: string; createdAt: number };

const AFTER_REPLY = [
  { value: "", label: "Automática (aberto vira em andamento)" },
  ...Object.entries(SUPPORT_STATUS_LABEL).map(([value, label]) => ({ value, label })),
];

/** The thread with the user and the admin's reply box (the reply is also e-mailed to the user). */
export function SupportConversation({ requestId, messages }: { requestId: string; messages: Message[] }) {
  const toast = useToast();
  const qc = useQueryClient();
  const [body, setBody] = useState("");
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reply = useMutation(
    trpc.adminSupport.reply.mutationOptions({
      onSuccess: async () => {
        setBody("");
        setStatus("");
        setError(null);
        toast({ title: "Resposta enviada", description: "O usuário foi avisado por e-mail." });
        await qc.invalidateQueries({ queryKey: trpc.adminSupport.get.queryKey({ id: requestId }) });
        await qc.invalidateQueries({ queryKey: trpc.adminSupport.list.queryKey() });
      },
      onError: (e) => setError(trpcErrorMessage(e, "Não foi possível enviar a resposta.")),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return setError("Escreva a resposta.");
    reply.mutate({ id: requestId, body: body.trim(), ...(status ? { status: status as SupportStatus } : {}) });
  };

  return (
    <section className="flex flex-col gap-4" aria-labelledby="support-conversation">
      <h2 id="support-conversation" className="font-semibold text-lg">
        Conversa
      </h2>
      {messages.length === 0 ? (
        <p className="text-base-content/60 text-sm">Ninguém respondeu ainda.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {messages.map((m) => (
            <li key={m.id} className={`rounded-box border p-3 ${m.authorRole === "admin" ? "border-primary/40 bg-primary/5" : "border-base-300 bg-base-100"}`}>
              <p className="text-base-content/70 text-xs">
                <span className="font-medium text-base-content">{m.authorName}</span> · {m.authorRole === "admin" ? "Suporte" : "Usuário"} · {formatDateTime(m.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-sm">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
        <TextArea label="Resposta" value={body} onChange={setBody} max={SUPPORT_REPLY_MAX} rows={5} error={error} placeholder="Escreva a resposta ao usuário" />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <SelectInput label="Situação após responder" value={status} options={AFTER_REPLY} onChange={setStatus} className="min-w-64" />
          <button type="submit" className="btn btn-primary" disabled={reply.isPending}>
            {reply.isPending && <ButtonSpinner />}
            Enviar resposta
          </button>
        </div>
      </form>
    </section>
  );
}
