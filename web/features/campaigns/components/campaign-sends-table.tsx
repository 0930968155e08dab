import { useState } from "react";
import { CAMPAIGN_SEND_STATUSES, CAMPAIGN_SEND_STATUS_LABEL, type CampaignSendStatus } from "../../../../src/schemas/campaigns/campaign";
import { Icon } from "../../../components/ui/icons";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { useCampaignSends } from "../hooks/use-campaigns";

const BADGE: Record<CampaignSendStatus, string> = {
  pending: "badge-ghost",
  sending: "badge-info",
  sent: "badge-primary",
  delivered: "badge-primary",
  read: "badge-success",
  failed: "badge-error",
  skipped: "badge-neutral",
};

/** Per-contact statuses with the provider's reason on failures, filtered by status and searched by phone or name. */
export function CampaignSendsTable({ campaignId, campaignStatus }: { campaignId: string; campaignStatus: string }) {
  const [status, setStatus] = useState<CampaignSendStatus | "">("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const sends = useCampaignSends({ id: campaignId, status: status || undefined, search: search.trim() || undefined, page }, campaignStatus);
  const data = sends.data;
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="sends-title">
      <div className="card-body gap-3">
        <h2 id="sends-title" className="card-title text-lg">
          Contatos
        </h2>
        <div className="flex flex-wrap gap-2">
          <label className="input input-sm w-full sm:w-64">
            <Icon name="search" className="size-4 opacity-60" />
            <input
              type="search"
              aria-label="Buscar por telefone ou nome"
              placeholder="Telefone ou nome"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          </label>
          <select
            className="select select-sm w-full sm:w-48"
            aria-label="Filtrar envios por status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as CampaignSendStatus | "");
              setPage(1);
            }}
          >
            <option value="">Todos os status</option>
            {CAMPAIGN_SEND_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CAMPAIGN_SEND_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
          {data && <span className="self-center text-base-content/60 text-sm">{`${formatNumber(data.total)} ${data.total === 1 ? "contato" : "contatos"}`}</span>}
        </div>
        {data && data.items.length === 0 ? (
          <p className="text-base-content/60 text-sm">{status || search ? "Nenhum contato com esses filtros." : "Os envios aparecem aqui quando a campanha começa."}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="table table-sm">
              <thead>
                <tr>
                  <th>Contato</th>
                  <th>Telefone</th>
                  <th>Status</th>
                  <th>Enviada em</th>
                  <th>Motivo da falha</th>
                </tr>
              </thead>
              <tbody>
                {data?.items.map((s) => (
                  <tr key={s.id}>
                    <td>{s.name ?? "—"}</td>
                    <td className="tabular-nums">{s.phone}</td>
                    <td>
                      <span className={`badge badge-sm ${BADGE[s.status]}`}>{CAMPAIGN_SEND_STATUS_LABEL[s.status]}</span>
                      {s.respondedAt && <span className="badge badge-sm badge-outline ml-1">Respondeu</span>}
                    </td>
                    <td className="whitespace-nowrap">{s.sentAt ? formatDateTime(s.sentAt) : "—"}</td>
                    <td className="text-error text-xs">{s.status === "failed" ? (s.errorMessage ?? "Sem motivo informado") : ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {data && data.pageCount > 1 && (
          <nav className="join self-center" aria-label="Páginas de contatos">
            <button type="button" className="btn join-item btn-sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Anterior
            </button>
            <span className="btn join-item btn-sm pointer-events-none">
              Página {data.page} de {data.pageCount}
            </span>
            <button type="button" className="btn join-item btn-sm" disabled={page >= data.pageCount} onClick={() => setPage(page + 1)}>
              Próxima
            </button>
          </nav>
        )}
      </div>
    </section>
  );
}
