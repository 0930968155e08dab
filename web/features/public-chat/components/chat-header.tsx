import { AgentAvatar } from "../../../components/ui/avatar";
import { Icon } from "../../../components/ui/icons";

type Props = { name: string; activity: string; avatarUrl: string | null; onClear: () => void; onDelete: () => void; hasMessages: boolean };

/** Agent identity and the two local-only actions (§2: both just empty this page's conversation). */
export function ChatHeader({ name, activity, avatarUrl, onClear, onDelete, hasMessages }: Props) {
  return (
    <header className="sticky top-0 z-10 border-base-300 border-b bg-base-100/95 backdrop-blur">
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3">
        <AgentAvatar name={name} url={avatarUrl} size="md" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-semibold leading-tight">{name}</h1>
          <p className="flex items-center gap-1.5 truncate text-base-content/60 text-xs">
            <span className="size-1.5 rounded-full bg-success" aria-hidden="true" />
            {activity}
          </p>
        </div>
        <div className="tooltip tooltip-bottom" data-tip="Limpar conversa">
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Limpar conversa" onClick={onClear} disabled={!hasMessages}>
            <Icon name="refresh" className="size-4" />
          </button>
        </div>
        <div className="tooltip tooltip-bottom tooltip-left" data-tip="Excluir conversa">
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Excluir conversa" onClick={onDelete} disabled={!hasMessages}>
            <Icon name="trash" className="size-4" />
          </button>
        </div>
      </div>
    </header>
  );
}
