import { Link } from "wouter";
import { AgentAvatar } from "../../../components/ui/avatar";
import { Icon } from "../../../components/ui/icons";
import { CopyAgentButton } from "../../workspaces/components/copy-agent-dialog";
import type { Agent } from "../hooks/use-agents";

type Props = {
  agent: Agent;
  canEdit: boolean;
  canDelete: boolean;
  toggling: boolean;
  onToggle: (isActive: boolean) => void;
  onDelete: () => void;
};

/** One agent on /agents: identity, active switch and the ways into it (editor, public chat). */
export function AgentCard({ agent, canEdit, canDelete, toggling, onToggle, onDelete }: Props) {
  return (
    <article aria-label={agent.name} className="card border border-base-300 bg-base-100 shadow-sm transition hover:border-primary/40 hover:shadow">
      <div className="card-body gap-4 p-5">
        <div className="flex items-start gap-3">
          <AgentAvatar name={agent.name} url={agent.avatarUrl} size="lg" />
          <div className="min-w-0 flex-1">
            <h2 className="truncate font-semibold">{agent.name}</h2>
            <p className="truncate text-base-content/60 text-sm">{agent.activity || "Assistente virtual"}</p>
          </div>
          <label className="flex cursor-pointer flex-col items-end gap-1" title={agent.isActive ? "Desativar agente" : "Ativar agente"}>
            <input
              type="checkbox"
              className="toggle toggle-success toggle-sm"
              checked={agent.isActive}
              disabled={!canEdit || toggling || agent.adminBlockedAt !== null}
              aria-label={`Agente ${agent.name} ativo`}
              onChange={(e) => onToggle(e.target.checked)}
            />
            <span className={`text-xs ${agent.isActive ? "text-success" : "text-base-content/50"}`}>{agent.isActive ? "Ativo" : "Inativo"}</span>
          </label>
        </div>
        {agent.adminBlockedAt !== null ? (
          // Blocked by the platform (issue 17): the owner learns why and that the switch is not theirs.
          <p role="alert" className="alert alert-error alert-soft py-2 text-sm">
            Desativado pela administração da plataforma{agent.adminBlockedReason ? `: ${agent.adminBlockedReason}` : ""}. Fale com o suporte para reativá-lo.
          </p>
        ) : (
          <p className="line-clamp-2 min-h-10 text-base-content/70 text-sm">{agent.description || "Sem descrição."}</p>
        )}
        <div className="flex items-center gap-2 border-base-300 border-t pt-3">
          <Link href={`/agent/${agent.id}`} className="btn btn-primary btn-sm">
            <Icon name="pencil" className="size-4" />
            {canEdit ? "Editar" : "Abrir"}
          </Link>
          <a href={`/chat/${agent.id}`} target="_blank" rel="noopener noreferrer" className="btn btn-ghost btn-sm" title="Abrir o chat público em nova aba">
            <Icon name="chat" className="size-4" />
            Chat público
          </a>
          <Link href={`/agent/${agent.id}/feedback`} className="btn btn-ghost btn-sm btn-square" aria-label={`Feedback de ${agent.name}`} title="Feedback dos clientes">
            <Icon name="thumbUp" className="size-4" />
          </Link>
          {canEdit && <CopyAgentButton agent={agent} />}
          {canDelete && (
            <button type="button" className="btn btn-ghost btn-sm btn-square ml-auto text-error" aria-label={`Excluir ${agent.name}`} title="Excluir agente" onClick={onDelete}>
              <Icon name="trash" className="size-4" />
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
