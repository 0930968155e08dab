import { ACTIVITY_CATEGORY_LABEL, type ActivityCategoryKey, activityTitle } from "../../../../src/schemas/activity";
import { Dialog } from "../../../components/ui/dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { formatDateTime } from "../../../lib/format";
import { trpcErrorMessage } from "../../../lib/trpc";
import { useLogDetail } from "../hooks/use-logs";

/** pt-BR names of the fields the lines carry most; any other shows its own key. */
const FIELD_LABEL: Record<string, string> = {
  name: "Nome",
  activity: "Atividade",
  description: "Descrição",
  isActive: "Ativo",
  aiModel: "Modelo",
  aiProvider: "Provedor",
  personality: "Personalidade",
  greetingMessage: "Mensagem de boas-vindas",
  enabled: "Ativada",
  email: "E-mail",
  role: "Função",
  status: "Status",
  title: "Título",
  sourceType: "Tipo",
  channel: "Canal",
  apiKey: "Chave de API",
};

const show = (v: unknown) => (v === undefined || v === null ? "—" : typeof v === "boolean" ? (v ? "Sim" : "Não") : typeof v === "string" ? v : JSON.stringify(v));

/** One line whole: who, when, where from, and each changed field before → after. */
export function LogDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useLogDetail(id);
  const d = detail.data;
  const fields = d ? [...new Set([...Object.keys(d.oldValues ?? {}), ...Object.keys(d.newValues ?? {})])] : [];
  return (
    <Dialog open={id !== null} onClose={onClose} title="Detalhes da atividade" size="lg">
      {detail.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : detail.isError || !d ? (
        <div role="alert" className="alert alert-error alert-soft">
          {trpcErrorMessage(detail.error, "Não foi possível carregar esta atividade.")}
        </div>
      ) : (
        <div className="flex flex-col gap-4 text-sm">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">Atividade</dt>
            <dd>{activityTitle(d.action, d.description)}</dd>
            {d.description && (
              <>
                <dt className="font-medium">Descrição</dt>
                <dd>{d.description}</dd>
              </>
            )}
            <dt className="font-medium">Data e hora</dt>
            <dd>{formatDateTime(d.createdAt)}</dd>
            <dt className="font-medium">Pessoa</dt>
            <dd>{d.userName ? `${d.userName}${d.email ? ` (${d.email})` : ""}` : "Sistema"}</dd>
            <dt className="font-medium">Categoria</dt>
            <dd>{ACTIVITY_CATEGORY_LABEL[d.category as ActivityCategoryKey] ?? d.category}</dd>
            <dt className="font-medium">Ação</dt>
            <dd className="font-mono text-xs">{d.action}</dd>
            {d.agentName && (
              <>
                <dt className="font-medium">Agente</dt>
                <dd>{d.agentName}</dd>
              </>
            )}
            <dt className="font-medium">Endereço IP</dt>
            <dd>{d.ipAddress ?? "—"}</dd>
            <dt className="font-medium">Navegador</dt>
            <dd className="break-all text-xs">{d.userAgent ?? "—"}</dd>
          </dl>
          {fields.length > 0 && (
            <div className="overflow-x-auto rounded-box border border-base-300">
              <table className="table-sm table">
                <caption className="px-3 pt-2 text-left font-semibold">Alterações</caption>
                <thead>
                  <tr>
                    <th scope="col">Campo</th>
                    <th scope="col">Antes</th>
                    <th scope="col">Depois</th>
                  </tr>
                </thead>
                <tbody>
                  {fields.map((f) => (
                    <tr key={f}>
                      <th scope="row" className="font-medium">
                        {FIELD_LABEL[f] ?? f}
                      </th>
                      <td className="max-w-64 break-words text-base-content/70 line-through decoration-1">{show(d.oldValues?.[f])}</td>
                      <td className="max-w-64 break-words font-medium">{show(d.newValues?.[f])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {d.details && Object.keys(d.details).length > 0 && (
            <details>
              <summary className="cursor-pointer font-medium">Dados adicionais</summary>
              <pre className="mt-2 max-h-60 overflow-auto rounded-box bg-base-200 p-3 text-xs">{JSON.stringify(d.details, null, 2)}</pre>
            </details>
          )}
        </div>
      )}
    </Dialog>
  );
}
