import { useMutation } from "@tanstack/react-query";
import { Icon } from "../../../../components/ui/icons";
import { trpc, trpcErrorMessage } from "../../../../lib/trpc";

const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v, null, 2)).slice(0, 2000);

/** "Testar" on a webhook intent: one real call with sample arguments, its status and answer shown inline. */
export function IntentTestButton({ agentId, intentId }: { agentId: string; intentId: string }) {
  const run = useMutation(trpc.agents.intents.test.mutationOptions());
  const r = run.data;
  return (
    <div className="w-full">
      <button type="button" className="btn btn-ghost btn-sm" disabled={run.isPending} onClick={() => run.mutate({ agentId, id: intentId })}>
        {run.isPending ? <span className="loading loading-spinner loading-xs" /> : <Icon name="play" className="size-4" />}
        Testar
      </button>
      {run.isError && <p className="mt-2 text-error text-sm">{trpcErrorMessage(run.error, "Não foi possível testar.")}</p>}
      {r && (
        <div role="status" className="mt-2 rounded-box bg-base-200 p-3 text-sm">
          <p className={r.ok ? "text-success" : "text-error"}>
            {r.ok ? "Sucesso" : "Falhou"}
            {r.status !== null ? ` · HTTP ${r.status}` : ""} · {r.durationMs} ms
          </p>
          {r.error && <p className="mt-1">{r.error}</p>}
          {r.answer !== undefined && <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap text-xs">{show(r.answer)}</pre>}
          <p className="mt-2 text-base-content/60 text-xs">Enviado: {JSON.stringify(r.sent)}</p>
        </div>
      )}
    </div>
  );
}
