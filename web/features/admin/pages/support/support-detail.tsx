import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useParams } from "wouter";
import { SelectInput } from "../../../../components/ui/fields";
import { Skeleton } from "../../../../components/ui/skeleton";
import { useToast } from "../../../../components/ui/toast";
import { formatDateTime } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { SUPPORT_PRIORITY_LABEL, SUPPORT_STATUS_LABEL, type SupportPriority, type SupportStatus } from "../../../../../src/schemas/support";
import { browserLabel } from "./browser-label";
import { SupportAttachments } from "./support-attachments";
import { SupportPriorityBadge, SupportStatusBadge, SupportTypeBadge } from "./support-badges";
import { SupportConversation } from "./support-conversation";

const statusOptions = Object.entries(SUPPORT_STATUS_LABEL).map(([value, label]) => ({ value: value as SupportStatus, label }));
const priorityOptions = Object.entries(SUPPORT_PRIORITY_LABEL).map(([value, label]) => ({ value: value as SupportPriority, label }));

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-base-content/60 text-xs">{label}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

/** Status and priority change at once (each audited on the server); the list is read again too. */
function useSetters(id: string) {
  const toast = useToast();
  const qc = useQueryClient();
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: trpc.adminSupport.get.queryKey({ id }) });
    await qc.invalidateQueries({ queryKey: trpc.adminSupport.list.queryKey() });
  };
  const fail = (title: string) => (e: unknown) => toast({ variant: "destructive", title, description: trpcErrorMessage(e, "Tente novamente.") });
  const setStatus = useMutation(
    trpc.adminSupport.setStatus.mutationOptions({
      onSuccess: async (_d, v) => {
        toast({ title: "Situação alterada", description: `O chamado agora está ${SUPPORT_STATUS_LABEL[v.status].toLowerCase()}.` });
        await refresh();
      },
      onError: fail("Não foi possível alterar a situação"),
    }),
  );
  const setPriority = useMutation(
    trpc.adminSupport.setPriority.mutationOptions({
      onSuccess: async (_d, v) => {
        toast({ title: "Prioridade alterada", description: `Prioridade ${SUPPORT_PRIORITY_LABEL[v.priority].toLowerCase()}.` });
        await refresh();
      },
      onError: fail("Não foi possível alterar a prioridade"),
    }),
  );
  return { setStatus, setPriority };
}

/** /admin/suporte/{id}: the request, who sent it and from where, its files, the conversation and the admin's controls. */
export default function SupportDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  const detail = useQuery(trpc.adminSupport.get.queryOptions({ id }, { retry: false }));
  const { setStatus, setPriority } = useSetters(id);

  if (detail.isPending) return <Skeleton className="mx-auto h-96 w-full max-w-5xl" />;
  if (detail.isError)
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-4">
        <h1 className="font-semibold text-2xl">Chamado de suporte</h1>
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(detail.error, "Não foi possível carregar o chamado.")}
        </div>
        <Link href="/admin/suporte" className="link">
          Voltar para o suporte
        </Link>
      </div>
    );
  const r = detail.data;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link href="/admin/suporte" className="link link-hover text-base-content/70 text-sm">
          ← Suporte
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="break-words font-semibold text-2xl sm:text-3xl">{r.subject}</h1>
          <SupportTypeBadge type={r.type} />
          <SupportStatusBadge status={r.status} />
          <SupportPriorityBadge priority={r.priority} />
        </div>
        <p className="text-base-content/70 text-sm">Chamado #{r.id.slice(-6).toUpperCase()}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectInput label="Situação" value={r.status} options={statusOptions} disabled={setStatus.isPending} onChange={(status) => setStatus.mutate({ id: r.id, status })} />
        <SelectInput
          label="Prioridade"
          value={r.priority}
          options={priorityOptions}
          disabled={setPriority.isPending}
          onChange={(priority) => setPriority.mutate({ id: r.id, priority })}
        />
      </div>
      <dl className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 lg:grid-cols-3">
        <Info label="Usuário">
          <Link href={`/admin/usuarios/${r.user.id}`} className="link link-hover">
            {r.user.name}
          </Link>
        </Info>
        <Info label="Email">{r.user.email}</Info>
        <Info label="Workspace">{r.workspace?.name ?? "—"}</Info>
        <Info label="Aberto em">{formatDateTime(r.createdAt)}</Info>
        <Info label="Página">{r.pageUrl ?? "—"}</Info>
        <Info label="Versão do app">{r.appVersion ?? "—"}</Info>
        <Info label="Navegador">
          {r.userAgent ? (
            <>
              {browserLabel(r.userAgent) ?? "Desconhecido"}
              <span className="block text-base-content/60 text-xs">{r.userAgent}</span>
            </>
          ) : (
            "—"
          )}
        </Info>
      </dl>
      <section className="flex flex-col gap-2" aria-labelledby="support-description">
        <h2 id="support-description" className="font-semibold text-lg">
          Descrição
        </h2>
        <p className="whitespace-pre-wrap break-words rounded-box border border-base-300 bg-base-100 p-4 text-sm">{r.description}</p>
      </section>
      <section className="flex flex-col gap-2" aria-labelledby="support-attachments">
        <h2 id="support-attachments" className="font-semibold text-lg">
          Anexos
        </h2>
        <SupportAttachments attachments={r.attachments} />
      </section>
      <SupportConversation requestId={r.id} messages={r.messages} />
    </div>
  );
}
