import { Icon } from "../../../../components/ui/icons";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { formatDateTime } from "../../../../lib/format";
import { trpcErrorMessage } from "../../../../lib/trpc";
import { type ChannelConnection, useTestConnection } from "../../hooks/use-channels";

/**
 * "Testar conexão" on every connected card: the fresh result when there is one, else the last
 * stored test (when and how it went), so a broken token shows before a customer notices.
 */
export function TestConnection({ agentId, connection }: { agentId: string; connection: ChannelConnection }) {
  const test = useTestConnection(agentId);
  const fresh = test.data;
  const result = fresh
    ? { ok: fresh.ok, message: fresh.message, at: fresh.testedAt }
    : connection.lastTestedAt
      ? { ok: connection.testStatus === "ok", message: connection.testMessage ?? "", at: connection.lastTestedAt }
      : null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-sm" disabled={test.isPending} onClick={() => test.mutate({ id: connection.id })}>
          {test.isPending ? <ButtonSpinner /> : <Icon name="refresh" className="size-4" />}
          Testar conexão
        </button>
        {result && <span className="text-base-content/60 text-xs">Último teste: {formatDateTime(result.at)}</span>}
      </div>
      {test.error ? (
        <p role="alert" className="rounded-field bg-error/10 px-3 py-2 text-error text-sm">
          {trpcErrorMessage(test.error, "Não foi possível testar a conexão.")}
        </p>
      ) : (
        result && (
          <p data-testid="test-result" role="status" className={`rounded-field px-3 py-2 text-sm ${result.ok ? "bg-success/10 text-success" : "bg-error/10 text-error"}`}>
            {result.message}
          </p>
        )
      )}
    </div>
  );
}
