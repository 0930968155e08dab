import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "wouter";
import { ACTIVITY_TYPE_LABEL } from "../../../../../src/schemas/crm/deal-details";
import { Icon } from "../../../../components/ui/icons";
import { formatDateTime } from "../../../../lib/format";
import { ACTIVITY_ICON, dueTodayOptions } from "../hooks/use-deal";

/** The time alone for today, the date and time for an older (overdue) one. */
const whenText = (at: number, today: boolean) => (today ? formatDateTime(at).slice(11) : formatDateTime(at));

/**
 * "Para hoje": how many pending activities are due today (São Paulo) or overdue, and a list that
 * opens to show them with links to their deals. Rendered by the board's header.
 */
export function DueTodayReminder() {
  const due = useQuery(dueTodayOptions());
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!due.data) return null;
  const { count, more, overdueCount, items } = due.data;
  const countText = more ? `${count - 1}+` : String(count);
  const summary =
    count === 0
      ? "Nenhuma atividade para hoje"
      : `${countText} ${count === 1 ? "atividade" : "atividades"} para hoje${overdueCount > 0 ? `, ${overdueCount} ${overdueCount === 1 ? "atrasada" : "atrasadas"}` : ""}`;

  return (
    // Esc closes the open list and leaves focus on its button.
    <div
      className="relative"
      data-testid="due-today"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          e.preventDefault();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        className={`btn btn-sm ${overdueCount > 0 ? "btn-error btn-soft" : count > 0 ? "btn-primary btn-soft" : "btn-ghost"}`}
        aria-expanded={open}
        aria-controls={listId}
        disabled={count === 0}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon name="bell" className="size-4" />
        <span>Para hoje</span>
        <span className="badge badge-sm" aria-hidden="true">
          {countText}
        </span>
        <span className="sr-only">: {summary}</span>
      </button>
      {open && count > 0 && (
        <div id={listId} className="absolute right-0 z-20 mt-2 w-[min(24rem,calc(100vw-2rem))] rounded-box border border-base-300 bg-base-100 p-3 shadow-lg">
          <p className="mb-2 font-medium text-sm">{summary}</p>
          <ul className="flex max-h-80 flex-col gap-1 overflow-y-auto" aria-label="Atividades para hoje">
            {items.map((a) => (
              <li key={a.id}>
                <Link
                  href={a.dealId ? `/funil/negocios/${a.dealId}` : "/funil"}
                  className={`flex items-start gap-2 rounded-field p-2 text-sm hover:bg-base-200 ${a.overdue ? "text-error" : ""}`}
                  onClick={() => setOpen(false)}
                >
                  <Icon name={ACTIVITY_ICON[a.type]} className="mt-0.5 size-4 shrink-0" />
                  <span className="min-w-0 flex-1">
                    <span className="block break-words font-medium">{a.subject}</span>
                    <span className="block break-words text-xs opacity-80">
                      {ACTIVITY_TYPE_LABEL[a.type]} · {a.dealTitle ?? "Sem negócio"} · {whenText(a.scheduledAt, a.today)}
                      {a.overdue && " · Atrasada"}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {more && <p className="mt-2 text-base-content/70 text-xs">Mostrando as {items.length} mais antigas.</p>}
        </div>
      )}
    </div>
  );
}
