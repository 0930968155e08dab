import { useState } from "react";
import { Link, useLocation } from "wouter";
import { HANDOFF_PAGE_SIZE } from "../../../../src/schemas/handoffs";
import { HANDOFF_REASONS, HANDOFF_REASON_LABEL, HANDOFF_STATUSES, HANDOFF_STATUS_LABEL, type HandoffReason, type HandoffStatus } from "../../../../src/schemas/orchestration";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { SelectInput } from "../../../components/ui/fields";
import { Icon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { useLiveInbox } from "../../conversations/hooks/use-live-inbox";
import { useWorkspaces } from "../../workspaces/hooks/use-workspaces";
import { type HandoffItem, useAcceptHandoff, useCancelHandoff, useHandoffList, useHandoffPermissions, useHandoffSettings } from "../hooks/use-handoffs";
import { HandoffSettingsForm } from "./handoff-settings-form";
import { HandoffStatusBadge, expiryText, fromTo, reasonLabel } from "./handoff-parts";

/**
 * "Transferências" of /multi-agentes: customers waiting for a person first (live: the inbox stream
 * re-reads them), then every handoff with filters and pages, then who is told and what happens
 * when nobody accepts in time.
 */
export default function HandoffsTab() {
  const { current } = useWorkspaces();
  useLiveInbox(current?.id ?? null);
  const perms = useHandoffPermissions();
  const settings = useHandoffSettings();
  return (
    <div className="flex flex-col gap-6">
      <PendingSection canAnswer={perms.canAnswer} />
      <HistorySection />
      {settings.data ? <HandoffSettingsForm data={settings.data} canManage={perms.canManage} /> : <Skeleton className="h-48 w-full" />}
    </div>
  );
}

function PendingSection({ canAnswer }: { canAnswer: boolean }) {
  const pending = useHandoffList({ status: "pending", page: 1 });
  const accept = useAcceptHandoff();
  const cancel = useCancelHandoff();
  const [, navigate] = useLocation();
  const [toCancel, setToCancel] = useState<HandoffItem | null>(null);
  const items = pending.data?.items ?? [];
  return (
    <section aria-labelledby="pending-title" className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <h2 id="pending-title" className="font-semibold text-lg">
          Aguardando atendimento
        </h2>
        <span className="badge badge-warning badge-sm">{items.length}</span>
      </div>
      {pending.isLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : items.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed p-6 text-center text-base-content/70">Nenhum cliente aguardando um atendente agora.</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {items.map((h) => (
            <li key={h.id} className="card border border-warning/40 bg-base-100" data-testid="pending-handoff">
              <div className="card-body gap-2 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">{h.clientName ?? "Cliente sem nome"}</h3>
                  <span className="badge badge-sm badge-outline">{reasonLabel(h.reason)}</span>
                </div>
                <p className="text-base-content/70 text-sm">{fromTo(h)}</p>
                {h.notes && <p className="text-sm">{h.notes}</p>}
                {h.lastCustomerMessage && <p className="line-clamp-2 text-base-content/80 text-sm italic">“{h.lastCustomerMessage}”</p>}
                <p className="text-base-content/70 text-xs">
                  Pedida em {formatDateTime(h.createdAt)} · {expiryText(h)}
                </p>
                {canAnswer && (
                  <div className="card-actions justify-end">
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => setToCancel(h)}>
                      Cancelar
                    </button>
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      disabled={accept.isPending}
                      onClick={() => accept.mutate({ id: h.id }, { onSuccess: (d) => navigate(`/conversations?c=${encodeURIComponent(d.conversationId)}`) })}
                    >
                      {accept.isPending && accept.variables?.id === h.id && <ButtonSpinner />}
                      Aceitar
                    </button>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toCancel !== null}
        title="Cancelar esta transferência?"
        description="O cliente deixa de aguardar um atendente e a IA volta a responder a conversa."
        confirmLabel="Cancelar transferência"
        cancelLabel="Voltar"
        pending={cancel.isPending}
        onConfirm={() => toCancel && cancel.mutate({ id: toCancel.id }, { onSettled: () => setToCancel(null) })}
        onCancel={() => setToCancel(null)}
      />
    </section>
  );
}

function HistorySection() {
  const [status, setStatus] = useState<HandoffStatus | "">("");
  const [reason, setReason] = useState<HandoffReason | "">("");
  const [page, setPage] = useState(1);
  const list = useHandoffList({ status: status || undefined, reason: reason || undefined, page });
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3">
      <h2 id="history-title" className="font-semibold text-lg">
        Todas as transferências
      </h2>
      <div className="flex flex-wrap gap-3">
        <SelectInput
          className="w-48"
          label="Status"
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          options={[{ value: "" as const, label: "Todos" }, ...HANDOFF_STATUSES.map((s) => ({ value: s, label: HANDOFF_STATUS_LABEL[s] }))]}
        />
        <SelectInput
          className="w-48"
          label="Motivo"
          value={reason}
          onChange={(v) => {
            setReason(v);
            setPage(1);
          }}
          options={[{ value: "" as const, label: "Todos" }, ...HANDOFF_REASONS.map((r) => ({ value: r, label: HANDOFF_REASON_LABEL[r] }))]}
        />
      </div>
      {list.isLoading ? (
        <Skeleton className="h-40 w-full" />
      ) : items.length === 0 ? (
        <p className="rounded-box border border-base-300 border-dashed p-6 text-center text-base-content/70">Nenhuma transferência encontrada com estes filtros.</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">Cliente</th>
                <th scope="col">De → para</th>
                <th scope="col">Motivo</th>
                <th scope="col">Status</th>
                <th scope="col">Quando</th>
                <th scope="col">
                  <span className="sr-only">Abrir</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((h) => (
                <tr key={h.id}>
                  <td>{h.clientName ?? "Cliente sem nome"}</td>
                  <td>{fromTo(h)}</td>
                  <td>{reasonLabel(h.reason)}</td>
                  <td>
                    <HandoffStatusBadge status={h.status} />
                  </td>
                  <td className="whitespace-nowrap">{formatDateTime(h.createdAt)}</td>
                  <td>
                    <Link className="btn btn-ghost btn-xs" href={`/conversations?c=${encodeURIComponent(h.conversationId)}`} aria-label={`Abrir a conversa de ${h.clientName ?? "cliente sem nome"}`}>
                      <Icon name="external" className="size-4" />
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Páginas de transferências" className="flex items-center justify-end gap-2">
        <button type="button" className="btn btn-sm" disabled={page === 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
          Anterior
        </button>
        <span className="text-sm">Página {page}</span>
        <button type="button" className="btn btn-sm" disabled={!list.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
          Próxima
        </button>
        <span className="sr-only">{HANDOFF_PAGE_SIZE} por página</span>
      </nav>
    </section>
  );
}
