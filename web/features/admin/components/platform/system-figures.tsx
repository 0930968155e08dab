import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Skeleton } from "../../../../components/ui/skeleton";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { formatDateTime, formatNumber } from "../../../../lib/format";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";

const CHANNEL_LABELS: Record<string, string> = {
  whatsapp_cloud: "WhatsApp (API oficial)",
  whatsapp_uaz: "WhatsApp (servidor próprio)",
  telegram: "Telegram",
  instagram: "Instagram",
};
const WORKER_LABELS: Record<string, string> = { running: "Rodando", idle: "Em espera (inicia com a primeira tarefa)", starting: "Iniciando", restarting: "Reiniciando", stopped: "Parado" };

/** Bytes in pt-BR units (1 KB = 1024 bytes). */
export function formatBytes(n: number) {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toLocaleString("pt-BR", { maximumFractionDigits: i === 0 ? 0 : 1 })} ${units[i]}`;
}

function Figure({ label, value, detail, tone, testId }: { label: string; value: string; detail?: string; tone?: "ok" | "bad"; testId: string }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-4" data-testid={testId}>
      <p className="text-base-content/60 text-xs">{label}</p>
      <p className={`text-xl font-semibold tabular-nums ${tone === "bad" ? "text-error" : ""}`}>{value}</p>
      {detail && <p className="text-base-content/60 text-xs">{detail}</p>}
    </div>
  );
}

/** /admin/status's figures: health, database and WAL, disk, worker, errors of the last hour, channels. Polled every 10 s. */
export function SystemFigures() {
  const qc = useQueryClient();
  const q = useQuery({ ...trpc.adminPlatform.status.queryOptions(), refetchInterval: 10_000 });
  const refresh = useMutation(
    trpc.adminPlatform.refreshStatus.mutationOptions({ onSuccess: () => qc.invalidateQueries({ queryKey: trpc.adminPlatform.status.queryKey() }) }),
  );
  if (q.isPending) return <Skeleton className="h-40 w-full" />;
  if (q.isError) return <p className="text-error text-sm">{trpcErrorMessage(q.error, "Não foi possível ler o status do sistema.")}</p>;
  const s = q.data;
  const diskUsed = s.disk ? 1 - s.disk.freeBytes / Math.max(1, s.disk.totalBytes) : null;
  return (
    <section aria-labelledby="health-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-3">
          <h2 id="health-title" className="text-lg font-semibold">
            Saúde
          </h2>
          <span data-testid="system-health" className={`badge ${s.healthy ? "badge-success" : "badge-error"}`}>
            {s.healthy ? "Tudo funcionando" : "Atenção"}
          </span>
        </div>
        <div className="flex items-center gap-2">
          <span className="text-base-content/60 text-xs">Medido em {formatDateTime(s.checkedAt)}</span>
          <button type="button" className="btn btn-sm btn-ghost" disabled={refresh.isPending} onClick={() => refresh.mutate({})}>
            {refresh.isPending && <ButtonSpinner />}
            Atualizar agora
          </button>
        </div>
      </div>
      {!s.healthy && (
        <div role="alert" className="alert alert-error alert-soft text-sm">
          <span>{[s.worker.message, s.queueCheck.message].filter(Boolean).join(" ") || "Uma verificação falhou."}</span>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          testId="figure-database"
          label="Banco de dados"
          value={s.database ? formatBytes(s.database.bytes) : "Servidor remoto"}
          detail={s.database ? `WAL: ${formatBytes(s.database.walBytes)}` : "O tamanho fica no servidor libSQL"}
        />
        <Figure
          testId="figure-disk"
          label="Disco livre"
          value={s.disk ? formatBytes(s.disk.freeBytes) : "Indisponível"}
          detail={s.disk ? `de ${formatBytes(s.disk.totalBytes)}` : undefined}
          tone={diskUsed !== null && diskUsed > 0.9 ? "bad" : "ok"}
        />
        <Figure
          testId="figure-worker"
          label="Processador de tarefas"
          value={WORKER_LABELS[s.worker.state] ?? s.worker.state}
          detail={`${formatNumber(s.worker.restarts)} ${s.worker.restarts === 1 ? "reinício" : "reinícios"}`}
          tone={s.worker.ok ? "ok" : "bad"}
        />
        <Figure testId="figure-errors" label="Erros na última hora" value={formatNumber(s.errorsLastHour)} detail="Erros internos (5xx) deste processo" tone={s.errorsLastHour > 0 ? "bad" : "ok"} />
      </div>
      {diskUsed !== null && (
        <div>
          <p className="mb-1 text-xs">Uso do disco: {Math.round(diskUsed * 100)}%</p>
          <progress className={`progress w-full ${diskUsed > 0.9 ? "progress-error" : "progress-primary"}`} value={Math.round(diskUsed * 100)} max={100} aria-label="Uso do disco" />
        </div>
      )}
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body">
          <h3 className="card-title text-base">Conexões de canais</h3>
          {s.channels.length === 0 ? (
            <p className="text-base-content/70 text-sm">Nenhum canal conectado na plataforma.</p>
          ) : (
            <table className="table table-sm">
              <thead>
                <tr>
                  <th>Canal</th>
                  <th className="text-right">Funcionando</th>
                  <th className="text-right">Com problema</th>
                </tr>
              </thead>
              <tbody>
                {s.channels.map((c) => (
                  <tr key={c.channel}>
                    <td>{CHANNEL_LABELS[c.channel] ?? c.channel}</td>
                    <td className="text-right tabular-nums">{formatNumber(c.up)}</td>
                    <td className={`text-right tabular-nums ${c.down > 0 ? "text-error font-semibold" : ""}`}>{formatNumber(c.down)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="text-base-content/60 text-xs">Com problema: WhatsApp (servidor próprio) sem o celular pareado, ou o último teste de conexão falhou.</p>
        </div>
      </div>
    </section>
  );
}
