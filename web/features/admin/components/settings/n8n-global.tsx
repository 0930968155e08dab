import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ToggleRow } from "../../../../components/ui/fields";
import { Icon } from "../../../../components/ui/icons";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { useToast } from "../../../../components/ui/toast";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";

const when = (ms: number | null | undefined) => (ms ? new Date(ms).toLocaleString("pt-BR") : null);

/** The platform-wide n8n switch: off, no agent offers n8n workflows and the agent cards say so. */
export function N8nGlobalCard() {
  const qc = useQueryClient();
  const toast = useToast();
  const q = useQuery(trpc.n8n.global.get.queryOptions());
  const server = q.data?.enabled;
  const [enabled, setEnabled] = useState(true);
  const [saved, setSaved] = useState(false);
  // The server value the switch was based on: a refetch (window focus) moves the switch only while it holds no edit.
  const baseline = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (server === undefined) return;
    const previous = baseline.current;
    setEnabled((cur) => (previous === undefined || cur === previous ? server : cur));
    baseline.current = server;
  }, [server]);
  const dirty = q.data ? enabled !== q.data.enabled : false;
  const save = useMutation(
    trpc.n8n.global.save.mutationOptions({
      onSuccess: async (r) => {
        setSaved(true);
        toast({ title: r.enabled ? "Integração com o n8n ativada" : "Integração com o n8n desativada" });
        await qc.invalidateQueries({ queryKey: trpc.n8n.global.get.queryKey() });
      },
      onError: (e) => toast({ variant: "destructive", title: "Erro ao salvar", description: trpcErrorMessage(e, "Tente novamente.") }),
    }),
  );

  return (
    <section aria-label="Automações com n8n" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <header>
          <h2 className="card-title text-lg">
            <Icon name="network" className="size-5" />
            Automações com n8n
          </h2>
          <p className="text-base-content/60 text-sm">Cada agente informa o próprio servidor n8n, o token e os workflows. Aqui você libera ou bloqueia o recurso para toda a plataforma.</p>
        </header>
        {q.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : q.isError ? (
          <p className="text-error text-sm">{trpcErrorMessage(q.error, "Não foi possível carregar a configuração.")}</p>
        ) : (
          <>
            <div className="rounded-box border border-base-300 px-4">
              <ToggleRow
                label="Permitir workflows do n8n"
                description="Desligado, nenhum agente dispara workflows e o cartão do agente avisa que o recurso foi desativado pelo administrador."
                checked={enabled}
                onChange={(x) => {
                  setSaved(false);
                  setEnabled(x);
                }}
              />
            </div>
            <div className="flex flex-wrap items-center justify-end gap-3">
              {when(q.data.updatedAt) && <span className="text-base-content/50 text-xs">Atualizado em {when(q.data.updatedAt)}</span>}
              {saved && !dirty && (
                <span role="status" className="flex items-center gap-1 text-sm text-success">
                  <Icon name="check" className="size-4" />
                  Salvo
                </span>
              )}
              <button type="button" className="btn btn-primary" disabled={!dirty || save.isPending} onClick={() => save.mutate({ enabled })}>
                {save.isPending && <ButtonSpinner />}
                Salvar
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
