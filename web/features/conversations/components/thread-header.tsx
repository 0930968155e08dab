import { useId } from "react";
import { Link } from "wouter";
import { Icon } from "../../../components/ui/icons";
import { ButtonSpinner } from "../../../components/ui/spinner";
import { displayName, formatPhone } from "../format";
import { type ConversationDetail, useAssign, useAssignableMembers, useHandBack, useReopen, useResolve, useTakeOver } from "../hooks/use-conversations";
import { ChannelBadge } from "./channel-badge";

type Props = { conversation: ConversationDetail; canAnswer: boolean; onBack: () => void };

/** Who the customer is, where they wrote, and what a person can do with the conversation. */
export function ThreadHeader({ conversation: c, canAnswer, onBack }: Props) {
  const takeOver = useTakeOver();
  const handBack = useHandBack();
  const resolve = useResolve();
  const reopen = useReopen();
  const assign = useAssign();
  const members = useAssignableMembers();
  const assignId = useId();
  const busy = takeOver.isPending || handBack.isPending || resolve.isPending || reopen.isPending;
  const subtitle = [c.clientPhone ? formatPhone(c.clientPhone) : null, c.connection ? `${c.connection.label}${c.connection.account ? ` ${c.connection.account}` : ""}` : null, c.agent ? `Agente: ${c.agent.name}` : null]
    .filter(Boolean)
    .join(" · ");

  return (
    <header className="flex flex-col gap-2 border-base-300 border-b bg-base-100 p-3">
      <div className="flex items-center gap-2">
        <button type="button" className="btn btn-ghost btn-sm btn-square md:hidden" aria-label="Voltar para a lista" onClick={onBack}>
          <Icon name="chevronLeft" className="size-4" />
        </button>
        <ChannelBadge channel={c.channel} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold">{displayName(c)}</h2>
          {subtitle && <p className="truncate text-base-content/60 text-xs">{subtitle}</p>}
        </div>
        <div className="flex flex-wrap gap-1">
          {c.campaign && (
            <Link href={`/campanhas/${c.campaign.id}`} className="badge badge-info badge-soft badge-sm hover:underline">
              Campanha: {c.campaign.name}
            </Link>
          )}
          {c.status === "resolved" && <span className="badge badge-success badge-soft badge-sm">Resolvida</span>}
          {c.needsHumanSupport && c.status === "active" && (
            <span className="badge badge-warning badge-sm" title={c.handoffReason ?? undefined}>
              Precisa de humano
            </span>
          )}
          <span className={`badge badge-sm ${c.handledBy === "human" ? "badge-secondary" : "badge-ghost"}`}>{c.handledBy === "human" ? "Atendente" : "IA respondendo"}</span>
        </div>
      </div>
      {c.needsHumanSupport && c.handoffReason && <p className="text-warning-content text-xs">Motivo da transferência: {c.handoffReason}</p>}
      {canAnswer ? (
        <div className="flex flex-wrap items-center gap-2">
          {c.handledBy === "ai" ? (
            <button type="button" className="btn btn-sm btn-secondary" disabled={busy} onClick={() => takeOver.mutate({ id: c.id })}>
              {takeOver.isPending && <ButtonSpinner />}
              Assumir conversa
            </button>
          ) : (
            <button type="button" className="btn btn-sm btn-outline" disabled={busy} onClick={() => handBack.mutate({ id: c.id })}>
              {handBack.isPending && <ButtonSpinner />}
              Devolver para a IA
            </button>
          )}
          {c.status === "active" ? (
            <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={() => resolve.mutate({ id: c.id })}>
              <Icon name="check" className="size-4" />
              Resolver
            </button>
          ) : (
            <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={() => reopen.mutate({ id: c.id })}>
              <Icon name="refresh" className="size-4" />
              Reabrir
            </button>
          )}
          <label htmlFor={assignId} className="ml-auto text-base-content/70 text-xs">
            Atribuir
          </label>
          <select
            id={assignId}
            className="select select-xs w-44"
            value={c.assignedTo?.id ?? ""}
            disabled={assign.isPending}
            onChange={(e) => assign.mutate({ id: c.id, userId: e.target.value || null })}
          >
            <option value="">Ninguém</option>
            {c.assignedTo && !members.some((m) => m.id === c.assignedTo?.id) && <option value={c.assignedTo.id}>{c.assignedTo.name}</option>}
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="text-base-content/60 text-xs">Seu acesso é somente leitura: você pode acompanhar, mas não responder nem alterar conversas.</p>
      )}
    </header>
  );
}
