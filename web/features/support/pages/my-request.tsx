import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "wouter";
import { SUPPORT_PRIORITY_LABEL, SUPPORT_TYPE_LABEL } from "../../../../src/schemas/support";
import { SUPPORT_REPLY_ERROR, SUPPORT_REPLY_MAX } from "../../../../src/schemas/support-api";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TextArea } from "../../../components/ui/fields";
import { Skeleton } from "../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import { RequestAttachments } from "../components/request-attachments";
import { RequestThread } from "../components/request-thread";
import { SupportStatusBadge } from "../components/status-badge";

/** /meus-chamados/{id}: one request, its files and conversation; the user answers or closes it. */
export default function MyRequestPage() {
  const { id = "" } = useParams<{ id: string }>();
  const toast = useToast();
  const qc = useQueryClient();
  const request = useQuery(trpc.support.get.queryOptions({ id }));
  const [reply, setReply] = useState("");
  const [replyError, setReplyError] = useState<string | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.support.pathKey() });

  const send = useMutation(
    trpc.support.reply.mutationOptions({
      onSuccess: async () => {
        setReply("");
        toast({ title: "Resposta enviada" });
        await refresh();
      },
      onError: (e) => toast({ title: "Não foi possível enviar a resposta", description: trpcErrorMessage(e, "Tente novamente."), variant: "destructive" }),
    }),
  );
  const close = useMutation(
    trpc.support.close.mutationOptions({
      onSuccess: async () => {
        setConfirmClose(false);
        toast({ title: "Chamado fechado" });
        await refresh();
      },
      onError: (e) => toast({ title: "Não foi possível fechar o chamado", description: trpcErrorMessage(e, "Tente novamente."), variant: "destructive" }),
    }),
  );

  const back = (
    <Link href="/meus-chamados" className="link link-hover text-sm">
      ← Meus chamados
    </Link>
  );
  if (request.isPending) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        {back}
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (request.isError) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        {back}
        <h1 className="font-semibold text-2xl">Chamado</h1>
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(request.error, "Não foi possível carregar o chamado.")}
        </div>
      </div>
    );
  }
  const r = request.data;
  const finished = r.status === "resolved" || r.status === "closed";
  const submitReply = () => {
    const body = reply.trim();
    if (!body || body.length > SUPPORT_REPLY_MAX) {
      setReplyError(SUPPORT_REPLY_ERROR);
      return;
    }
    setReplyError(null);
    send.mutate({ id: r.id, body });
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      {back}
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 className="break-words font-semibold text-2xl">{r.subject}</h1>
          {r.status !== "closed" && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirmClose(true)}>
              Fechar chamado
            </button>
          )}
        </div>
        <dl className="flex flex-wrap items-center gap-x-4 gap-y-1 text-base-content/70 text-sm">
          <div className="flex gap-1">
            <dt className="sr-only">Status</dt>
            <dd>
              <SupportStatusBadge status={r.status} />
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Tipo:</dt>
            <dd>{SUPPORT_TYPE_LABEL[r.type]}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Prioridade:</dt>
            <dd>{SUPPORT_PRIORITY_LABEL[r.priority]}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Aberto em:</dt>
            <dd>{formatDateTime(r.createdAt)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Código:</dt>
            <dd className="font-mono">#{r.id.slice(-6).toUpperCase()}</dd>
          </div>
        </dl>
      </header>
      <section aria-labelledby="description-title" className="rounded-box border border-base-300 bg-base-100 p-4">
        <h2 id="description-title" className="font-semibold">
          Descrição
        </h2>
        <p className="mt-2 whitespace-pre-wrap break-words text-sm">{r.description}</p>
        {r.pageUrl && <p className="mt-3 break-all text-base-content/60 text-xs">Enviado da página {r.pageUrl}</p>}
      </section>
      <RequestAttachments files={r.attachments} />
      <section aria-labelledby="thread-title" className="flex flex-col gap-3">
        <h2 id="thread-title" className="font-semibold">
          Conversa
        </h2>
        <RequestThread messages={r.messages} />
      </section>
      <form
        className="flex flex-col gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!send.isPending) submitReply();
        }}
      >
        <TextArea
          label="Sua resposta"
          value={reply}
          onChange={setReply}
          max={SUPPORT_REPLY_MAX}
          error={replyError}
          hint={finished ? "Responder reabre o chamado." : undefined}
          rows={4}
          disabled={send.isPending}
        />
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {send.isPending && <ButtonSpinner />}
            Enviar resposta
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmClose}
        title="Fechar chamado?"
        description="Feche quando o problema estiver resolvido. Se precisar de novo, é só responder: o chamado reabre."
        confirmLabel="Fechar chamado"
        pending={close.isPending}
        onConfirm={() => close.mutate({ id: r.id })}
        onCancel={() => setConfirmClose(false)}
      />
    </div>
  );
}
