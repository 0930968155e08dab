import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { AUTH_LABELS, STATUS_LABELS } from "../../../../../src/schemas/dynamic-api";
import { ConfirmDialog } from "../../../../components/ui/confirm-dialog";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";
import { ApiForm } from "../dynamic-api/api-form";
import { DiscoverPanel } from "../dynamic-api/discover-panel";
import { ManualEndpointForm } from "../dynamic-api/manual-endpoint-form";
import { TestConsole } from "../dynamic-api/test-console";
import { type DynamicApiRow, STATUS_BADGE, configOf, statusOf } from "../dynamic-api/types";
import type { SectionProps } from "./types";

type Editing = { api: DynamicApiRow | null } | null;

/** API dinâmica: the owner's own REST APIs, whose selected endpoints the agent may call (SPEC §3). */
export function DynamicApiSection({ agent, onDirtyChange }: SectionProps) {
  const qc = useQueryClient();
  const toast = useToast();
  const listKey = trpc.dynamicApi.list.queryKey({ agentId: agent.id });
  const apis = useQuery(trpc.dynamicApi.list.queryOptions({ agentId: agent.id }));
  const [editing, setEditing] = useState<Editing>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<DynamicApiRow | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: listKey });

  const saved = (api: { id: string }) => {
    toast({ title: "API salva" });
    setEditing(null);
    setOpenId(api.id);
    onDirtyChange(false);
    refresh();
  };
  const fail = (e: unknown) => toast({ variant: "destructive", title: "Erro ao salvar API", description: trpcErrorMessage(e, "Tente novamente.") });
  const create = useMutation(trpc.dynamicApi.create.mutationOptions({ onSuccess: saved, onError: fail }));
  const update = useMutation(trpc.dynamicApi.update.mutationOptions({ onSuccess: saved, onError: fail }));
  const remove = useMutation(
    trpc.dynamicApi.delete.mutationOptions({
      onSuccess: () => {
        setRemoving(null);
        toast({ title: "API excluída" });
        refresh();
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao excluir API", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  return (
    <section aria-label="API dinâmica" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-5">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="card-title text-lg">API dinâmica</h2>
            <p className="text-base-content/60 text-sm">Conecte as APIs do seu negócio: o agente consulta e registra dados durante a conversa.</p>
          </div>
          {!editing && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing({ api: null })}>
              <Icon name="plus" className="size-4" />
              Nova API
            </button>
          )}
        </header>

        {editing ? (
          <ApiForm
            key={editing.api?.id ?? "new"}
            api={editing.api}
            saving={create.isPending || update.isPending}
            onDirtyChange={onDirtyChange}
            onCancel={() => {
              setEditing(null);
              onDirtyChange(false);
            }}
            onSubmit={(body) => (editing.api ? update.mutate({ id: editing.api.id, api: body }) : create.mutate({ agentId: agent.id, api: body }))}
          />
        ) : apis.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : apis.isError ? (
          <p className="text-error text-sm">{trpcErrorMessage(apis.error, "Não foi possível carregar as APIs.")}</p>
        ) : apis.data.length === 0 ? (
          <p className="rounded-box border border-base-300 border-dashed p-6 text-center text-base-content/60 text-sm">Nenhuma API cadastrada ainda.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Lista de APIs">
            {apis.data.map((api) => {
              const cfg = configOf(api);
              const open = openId === api.id;
              return (
                <li key={api.id} aria-label={`API ${api.name}`} className="flex flex-col gap-4 rounded-box border border-base-300 p-4">
                  <div className="flex flex-wrap items-start gap-3">
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{api.name}</span>
                        <span className={`badge badge-sm ${STATUS_BADGE[statusOf(api)] ?? "badge-ghost"}`}>{STATUS_LABELS[statusOf(api)] ?? api.status}</span>
                        {!api.enabled && <span className="badge badge-ghost badge-sm">Desativada</span>}
                      </div>
                      <p className="mt-1 break-all text-base-content/60 text-xs">
                        {cfg.baseUrl} · {AUTH_LABELS[cfg.authType]} · {cfg.endpoints.length} {cfg.endpoints.length === 1 ? "endpoint selecionado" : "endpoints selecionados"}
                      </p>
                      {api.testMessage && <p className="mt-1 text-base-content/50 text-xs">Último teste: {api.testMessage}</p>}
                    </div>
                    <div className="flex gap-1">
                      <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} onClick={() => setOpenId(open ? null : api.id)}>
                        <Icon name="sliders" className="size-4" />
                        Endpoints
                      </button>
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing({ api })}>
                        <Icon name="pencil" className="size-4" />
                        Editar
                      </button>
                      <button type="button" className="btn btn-ghost btn-sm btn-square text-error" aria-label={`Excluir API ${api.name}`} onClick={() => setRemoving(api)}>
                        <Icon name="trash" className="size-4" />
                      </button>
                    </div>
                  </div>
                  {open && (
                    <div className="flex flex-col gap-5 border-base-300 border-t pt-4">
                      <DiscoverPanel key={`${api.id}:${cfg.discoveredEndpoints.length}`} api={api} onChanged={refresh} />
                      {cfg.endpoints.length > 0 && (
                        <div className="flex flex-col gap-2">
                          <h3 className="font-medium">Testar endpoints selecionados</h3>
                          {cfg.endpoints.map((ep) => (
                            <TestConsole key={ep.key} apiId={api.id} endpoint={ep} onRan={refresh} />
                          ))}
                        </div>
                      )}
                      <ManualEndpointForm api={api} onChanged={refresh} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title="Excluir API"
        description={`A API "${removing?.name ?? ""}" e seus endpoints serão removidos deste agente.`}
        confirmLabel="Excluir"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </section>
  );
}
