import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { useToast } from "../../../components/ui/toast";
import { formatDateTime } from "../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../lib/trpc";
import type { AccountSession } from "./types";

/** Where the account is signed in: device, IP, last seen (São Paulo time); end one or all others. */
export function SessionsSection() {
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery(trpc.account.sessions.list.queryOptions(undefined, { refetchInterval: 60_000 }));
  const [ending, setEnding] = useState<AccountSession | null>(null);
  const [endingOthers, setEndingOthers] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.account.sessions.list.queryKey() });
  const fail = (e: unknown) => toast({ title: "Não foi possível encerrar", description: trpcErrorMessage(e, "Tente novamente."), variant: "destructive" });
  const endOne = useMutation(
    trpc.account.sessions.end.mutationOptions({
      onSuccess: async () => {
        setEnding(null);
        await refresh();
        toast({ title: "Sessão encerrada" });
      },
      onError: fail,
    }),
  );
  const endOthers = useMutation(
    trpc.account.sessions.endOthers.mutationOptions({
      onSuccess: async (res) => {
        setEndingOthers(false);
        await refresh();
        toast({ title: "Outras sessões encerradas", description: `${res.endedSessions} encerrada(s).` });
      },
      onError: fail,
    }),
  );
  const rows = list.data ?? [];
  const others = rows.filter((s) => !s.current).length;

  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="account-sessions">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="account-sessions" className="card-title text-lg">
            Sessões ativas
          </h2>
          <button type="button" className="btn btn-outline btn-error btn-sm" disabled={others === 0} onClick={() => setEndingOthers(true)}>
            Encerrar todas as outras
          </button>
        </div>
        {list.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th scope="col">Dispositivo</th>
                  <th scope="col">IP</th>
                  <th scope="col">Visto por último</th>
                  <th scope="col">Entrou em</th>
                  <th scope="col">
                    <span className="sr-only">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <span className="font-medium">{s.device}</span>
                      {s.current && <span className="badge badge-primary badge-sm ml-2">esta sessão</span>}
                    </td>
                    <td className="tabular-nums">{s.ipAddress ?? "—"}</td>
                    <td>{formatDateTime(s.lastSeenAt)}</td>
                    <td>{formatDateTime(s.createdAt)}</td>
                    <td className="text-right">
                      {!s.current && (
                        <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setEnding(s)} aria-label={`Encerrar sessão ${s.device}`}>
                          Encerrar
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={ending !== null}
        title="Encerrar esta sessão?"
        description={`O dispositivo "${ending?.device ?? ""}" (IP ${ending?.ipAddress ?? "desconhecido"}) precisará entrar de novo.`}
        confirmLabel="Encerrar sessão"
        pending={endOne.isPending}
        onConfirm={() => ending && endOne.mutate({ id: ending.id })}
        onCancel={() => setEnding(null)}
      />
      <ConfirmDialog
        open={endingOthers}
        title="Encerrar todas as outras sessões?"
        description="Todos os outros dispositivos conectados à sua conta precisarão entrar de novo. Esta sessão continua aberta."
        confirmLabel="Encerrar outras sessões"
        pending={endOthers.isPending}
        onConfirm={() => endOthers.mutate()}
        onCancel={() => setEndingOthers(false)}
      />
    </section>
  );
}
