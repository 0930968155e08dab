import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useState } from "react";
import { ButtonSpinner } from "../../../../components/ui/spinner";
import { formatBrl } from "../hooks/use-deal";
import type { Board, BoardColumn, Card } from "../hooks/use-funnel";
import { DealCard, DealCardOverlay } from "./deal-card";

const COLUMN_PREFIX = "coluna:";

export type DropRequest = { card: Card; targetStageId: string; beforeDealId: string | null };

type Props = {
  board: Board;
  canWrite: boolean;
  onDrop: (r: DropRequest) => void;
  onLoadMore: (stageId: string, after: string) => void;
  loadingStageId: string | null;
};

function Column({ column, canWrite, onLoadMore, loading }: { column: BoardColumn; canWrite: boolean; onLoadMore: Props["onLoadMore"]; loading: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: `${COLUMN_PREFIX}${column.stage.id}`, data: { type: "column", stageId: column.stage.id } });
  const { stage, totals } = column;
  const headingId = `coluna-${stage.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`relative flex w-72 shrink-0 flex-col rounded-box border-t-4 bg-base-200 ${isOver ? "ring-2 ring-primary" : ""}`}
      style={{ borderTopColor: stage.color }}
      data-testid="kanban-column"
      data-stage-name={stage.name}
    >
      <header className="px-3 pt-2 pb-1">
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="flex items-center gap-2 font-semibold text-sm">
            <span className="inline-block size-2.5 rounded-full" style={{ backgroundColor: stage.color }} aria-hidden="true" />
            {stage.name}
          </h2>
          <span className="badge badge-sm" data-testid="column-count">
            {totals.capped ? `${totals.count}+` : totals.count}
            <span className="sr-only"> negócios</span>
          </span>
        </div>
        <p className="text-base-content/70 text-xs tabular-nums">
          <span data-testid="column-total">{formatBrl(totals.valueCents)}</span>
          {" · "}
          <span title="Previsão ponderada: valor × probabilidade">Previsão {formatBrl(totals.weightedCents)}</span>
        </p>
      </header>
      <SortableContext id={stage.id} items={column.cards.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} aria-label={`Negócios em ${stage.name}`} className="flex min-h-24 flex-1 flex-col gap-2 p-2">
          {column.cards.map((card) => (
            <DealCard key={card.id} card={card} disabled={!canWrite} />
          ))}
          {column.cards.length === 0 && <li className="py-6 text-center text-base-content/50 text-xs">Nenhum negócio</li>}
        </ul>
      </SortableContext>
      {column.nextCursor && (
        <button type="button" className="btn btn-ghost btn-sm m-2 mt-0" disabled={loading} onClick={() => column.nextCursor && onLoadMore(stage.id, column.nextCursor)}>
          {loading && <ButtonSpinner />}
          Carregar mais
        </button>
      )}
    </section>
  );
}

/** Where a drop lands: the column under the pointer, before the card under it (or at the end). */
function dropTarget(board: Board, active: Card, overId: string): { targetStageId: string; beforeDealId: string | null } | null {
  if (overId.startsWith(COLUMN_PREFIX)) return { targetStageId: overId.slice(COLUMN_PREFIX.length), beforeDealId: null };
  const column = board.columns.find((c) => c.cards.some((d) => d.id === overId));
  if (!column) return null;
  const ids = column.cards.map((d) => d.id);
  if (column.stage.id !== active.stageId) return { targetStageId: column.stage.id, beforeDealId: overId };
  // Inside its own column the card takes the place of the one it is over (up or down).
  const next = arrayMove(ids, ids.indexOf(active.id), ids.indexOf(overId));
  return { targetStageId: column.stage.id, beforeDealId: next[next.indexOf(active.id) + 1] ?? null };
}

/** The kanban: one column per stage; drag with the mouse or with the keyboard (Espaço, setas, Espaço). */
export function KanbanBoard({ board, canWrite, onDrop, onLoadMore, loadingStageId }: Props) {
  const [active, setActive] = useState<Card | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: { start: ["Space", "Enter"], cancel: ["Escape"], end: ["Space", "Enter"] } }),
  );
  const cardById = (id: string | number) => board.columns.flatMap((c) => c.cards).find((d) => d.id === String(id));
  const stageName = (id: string | number | undefined) => {
    if (id === undefined) return "";
    const s = String(id);
    if (s.startsWith(COLUMN_PREFIX)) return board.columns.find((c) => c.stage.id === s.slice(COLUMN_PREFIX.length))?.stage.name ?? "";
    return board.columns.find((c) => c.cards.some((d) => d.id === s))?.stage.name ?? "";
  };
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `Negócio ${cardById(a.id)?.title ?? ""} selecionado, na etapa ${stageName(a.id)}.`,
    onDragOver: ({ active: a, over }) => (over ? `${cardById(a.id)?.title ?? "Negócio"} sobre a etapa ${stageName(over.id)}.` : "Fora de qualquer etapa."),
    onDragEnd: ({ active: a, over }) => (over ? `${cardById(a.id)?.title ?? "Negócio"} solto na etapa ${stageName(over.id)}.` : "Movimento cancelado."),
    onDragCancel: ({ active: a }) => `Movimento de ${cardById(a.id)?.title ?? "negócio"} cancelado. Ele voltou para ${stageName(a.id)}.`,
  };

  function start(e: DragStartEvent) {
    setActive(cardById(e.active.id) ?? null);
  }
  function end(e: DragEndEvent) {
    setActive(null);
    const card = cardById(e.active.id);
    if (!card || !e.over) return;
    const target = dropTarget(board, card, String(e.over.id));
    if (!target) return;
    const column = board.columns.find((c) => c.stage.id === target.targetStageId);
    const ids = column?.cards.map((d) => d.id) ?? [];
    const unchanged = target.targetStageId === card.stageId && (target.beforeDealId === null ? ids.at(-1) === card.id : ids[ids.indexOf(target.beforeDealId) - 1] === card.id);
    if (unchanged) return;
    onDrop({ card, ...target });
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={start}
      onDragEnd={end}
      onDragCancel={() => setActive(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "Para mover um negócio, pressione Espaço ou Enter. Use as setas para escolher a etapa e a posição, Espaço ou Enter para soltar, ou Esc para cancelar.",
        },
      }}
    >
      <div className="relative flex gap-3 overflow-x-auto pb-3" data-testid="kanban" role="group" aria-label="Quadro do funil">
        {board.columns.map((column) => (
          <Column key={column.stage.id} column={column} canWrite={canWrite} onLoadMore={onLoadMore} loading={loadingStageId === column.stage.id} />
        ))}
      </div>
      <DragOverlay>{active ? <DealCardOverlay card={active} /> : null}</DragOverlay>
    </DndContext>
  );
}
