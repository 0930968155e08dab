import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "wouter";
import { type AdminAgentChannel, type AdminAgentStatus, adminBlockAgentInput } from "../../../../../src/schemas/admin-workspaces";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Dialog } from "../../../../components/ui/dialog";
import { TextArea } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { formatDateTime, formatNumber } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { PageNav } from "../../../../components/ui/page-nav";

const PAGE_SIZE = 20;
const STATUS: { value: AdminAgentStatus; label: string }[] = [
  { value: "all", label: "Todas" },
  { value: "active", label: "Ativos" },
  { value: "inactive", label: "Inativos" },
  { value: "blocked", label: "Desativados pela administração" },
];
const CHANNELS: { value: AdminAgentChannel; label: string }[] = [
  { value: "all", label: "Todos os canais" },
  { value: "whatsapp_cloud", label: "WhatsApp (API oficial)" },
  { value: "whatsapp_uaz", label: "WhatsApp (servidor próprio)" },
  { value: "telegram", label: "Telegram" },
  { value: "instagram", label: "Instagram" },
  { value: "none", label: "Só chat web" },
];
const CHANNEL_LABEL: Record<string, string> = { whatsapp_cloud: "WhatsApp", whatsapp_uaz: "WhatsApp (próprio)", telegram: "Telegram", instagram: "Instagram" };
const BADGE = {
  active: ["badge-success", "Ativo"],
  inactive: ["badge-ghost", "Inativo"],
  blocked: ["badge-error", "Desativado pela administração"],
} as const;

type Target = { id: string; name: string } | null;

/** /admin/agentes: every agent across workspaces; an abusive one is deactivated with a reason (its owner cannot turn it back on). */
export default function AdminAgentsPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<AdminAgentStatus>("all");
  const [channel, setChannel] = useState<AdminAgentChannel>("all");
  const [page, setPage] = useState(1);
  const [blocking, setBlocking] = useState<Target>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [unblocking, setUnblocking] = useState<Target>(null);
  const list = useQuery({ ...trpc.adminWorkspaces.agents.queryOptions({ search, status, channel, page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.adminWorkspaces.agents.queryKey() });
  const block = useMutation(
    trpc.adminWorkspaces.blockAgent.mutationOptions({
      onSuccess: async () => {
        toast({ title: "Agente desativado", description: "Ele não responde mais ninguém e o dono não pode reativá-lo." });
        setBlocking(null);
        await refresh();
      },
      onError: (e) => setReasonError(trpcErrorMessage(e, "Não foi possível desativar o agente.")),
    }),
  );
  const unblock = useMutation(
    trpc.adminWorkspaces.unblockAgent.mutationOptions({
      onSuccess: async (r) => {
        toast({ title: r.isActive ? "Agente reativado" : "Agente liberado", description: r.isActive ? undefined : "Ficou pausado: o workspace está no limite de agentes do plano." });
        setUnblocking(null);
        await refresh();
      },
      onError: (e) => {
        setUnblocking(null);
        toast({ variant: "destructive", title: "Não foi possível reativar", description: trpcErrorMessage(e, "Tente novamente.") });
      },
    }),
  );
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  function confirmBlock() {
    if (!blocking) return;
    const parsed = adminBlockAgentInput.safeParse({ agentId: blocking.id, reason });
    if (!parsed.success) return setReasonError(parsed.error.issues[0]?.message ?? "Motivo inválido");
    block.mutate(parsed.data);
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <div>
        <p className="text-base-content/60 text-sm">Administração</p>
        <h1 className="font-semibold text-2xl sm:text-3xl">Agentes</h1>
        <p className="mt-1 text-base-content/70 text-sm">Todos os agentes da plataforma, com canais, última atividade e créditos gastos nos últimos {list.data?.spentDays ?? 30} dias.</p>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <label className="input w-full sm:w-80">
          <Icon name="search" className="size-4 opacity-60" />
          <input
            type="search"
            aria-label="Buscar por agente, workspace ou e-mail do dono"
            placeholder="Buscar por agente, workspace ou e-mail do dono"
            value={search}
            maxLength={100}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>Situação</span>
          <select
            className="select select-sm"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as AdminAgentStatus);
              setPage(1);
            }}
          >
            {STATUS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>Canal</span>
          <select
            className="select select-sm"
            value={channel}
            onChange={(e) => {
              setChannel(e.target.value as AdminAgentChannel);
              setPage(1);
            }}
          >
            {CHANNELS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {list.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : list.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(list.error, "Não foi possível carregar os agentes.")}
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-box border border-base-300 bg-base-100 p-8 text-center text-base-content/70">
          {search || status !== "all" || channel !== "all" ? "Nenhum agente encontrado com estes filtros." : "Nenhum agente criado ainda."}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th>Agente</th>
                <th>Workspace</th>
                <th>Situação</th>
                <th>Canais</th>
                <th>Última atividade</th>
                <th className="text-right">Créditos ({list.data?.spentDays ?? 30} dias)</th>
                <th>
                  <span className="sr-only">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id}>
                  <td className="font-medium">{a.name}</td>
                  <td>
                    <Link href={`/admin/workspaces/editar/${a.workspaceId}`} className="link link-hover">
                      {a.workspaceName}
                    </Link>
                    <div className="text-base-content/60 text-xs">{a.owner.email}</div>
                    {a.owner.status !== "active" && <span className="badge badge-sm badge-error mt-1">Dono suspenso</span>}
                  </td>
                  <td>
                    <span className={`badge badge-sm ${BADGE[a.status][0]}`}>{BADGE[a.status][1]}</span>
                    {a.status === "blocked" && a.blockedReason && <div className="mt-1 max-w-56 text-base-content/70 text-xs">Motivo: {a.blockedReason}</div>}
                    {a.status === "inactive" && a.pausedByPlanAt && <div className="text-base-content/60 text-xs">pausado pelo limite do plano</div>}
                  </td>
                  <td className="text-sm">{a.channels.length ? a.channels.map((c) => CHANNEL_LABEL[c] ?? c).join(", ") : "Chat web"}</td>
                  <td className="whitespace-nowrap text-sm">{a.lastActivityAt ? formatDateTime(a.lastActivityAt) : "Sem conversas"}</td>
                  <td className="text-right tabular-nums">{formatNumber(a.creditsSpent)}</td>
                  <td>
                    {a.status === "blocked" ? (
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setUnblocking({ id: a.id, name: a.name })}>
                        Reativar
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm text-error"
                        onClick={() => {
                          setReason("");
                          setReasonError(null);
                          setBlocking({ id: a.id, name: a.name });
                        }}
                      >
                        Desativar
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <PageNav page={page} pages={pages} total={total} noun={["agente", "agentes"]} onPage={setPage} />

      <Dialog
        open={blocking !== null}
        onClose={() => setBlocking(null)}
        title={`Desativar ${blocking?.name ?? "agente"}?`}
        description="O agente deixa de responder em todos os canais e no chat público, e o dono não consegue reativá-lo. O motivo fica registrado na auditoria."
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setBlocking(null)} disabled={block.isPending}>
              Cancelar
            </button>
            <button type="button" className="btn btn-error" onClick={confirmBlock} disabled={block.isPending}>
              {block.isPending && <ButtonSpinner />}
              Desativar agente
            </button>
          </>
        }
      >
        <TextArea label="Motivo" value={reason} onChange={setReason} max={500} error={reasonError} placeholder="Ex.: envio de spam em massa" rows={3} />
      </Dialog>
      <ConfirmDialog
        open={unblocking !== null}
        tone="primary"
        title={`Reativar ${unblocking?.name ?? "agente"}?`}
        description="O agente volta a responder (se o workspace estiver dentro do limite de agentes do plano) e o dono volta a controlá-lo."
        confirmLabel="Reativar"
        pending={unblock.isPending}
        onCancel={() => setUnblocking(null)}
        onConfirm={() => unblocking && unblock.mutate({ agentId: unblocking.id })}
      />
    </div>
  );
}
