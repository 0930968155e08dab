import { type ReactNode, useState } from "react";
import { Icon } from "../../../../../components/ui/icons";

type Props<T extends { id: string }> = {
  items: T[];
  /** What the list holds, for the buttons' labels ("Mover aula X para cima"). */
  noun: string;
  labelOf: (item: T) => string;
  onReorder: (ids: string[]) => void;
  disabled?: boolean;
  render: (item: T, index: number) => ReactNode;
};

const moved = (ids: string[], from: number, to: number) => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  if (id !== undefined) next.splice(to, 0, id);
  return next;
};

/**
 * A list ordered by HTML5 drag and drop and, for the keyboard (and touch), by up/down buttons.
 * Only the whole new order leaves: the server checks it names exactly the current siblings.
 */
export function SortableList<T extends { id: string }>({ items, noun, labelOf, onReorder, disabled, render }: Props<T>) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  // Only the handle starts a drag: a draggable row would keep its inputs from selecting text.
  const [armed, setArmed] = useState<number | null>(null);
  const ids = items.map((i) => i.id);
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= items.length) return;
    onReorder(moved(ids, from, to));
  };
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item, index) => (
        <li
          key={item.id}
          draggable={!disabled && armed === index}
          data-testid={`sortable-${noun}`}
          onDragStart={(e) => {
            // Lists nest (lessons inside a module): the innermost list owns the drag.
            e.stopPropagation();
            e.dataTransfer.effectAllowed = "move";
            e.dataTransfer.setData("text/plain", item.id);
            setDragging(index);
          }}
          onDragOver={(e) => {
            if (dragging === null) return;
            e.stopPropagation();
            e.preventDefault();
            setOver(index);
          }}
          onDragLeave={() => setOver((o) => (o === index ? null : o))}
          onDrop={(e) => {
            if (dragging === null) return;
            e.stopPropagation();
            e.preventDefault();
            move(dragging, index);
            setDragging(null);
            setOver(null);
          }}
          onDragEnd={() => {
            setArmed(null);
            setDragging(null);
            setOver(null);
          }}
          className={`flex items-start gap-2 rounded-box border bg-base-100 p-2 ${over === index && dragging !== index ? "border-primary" : "border-base-300"} ${dragging === index ? "opacity-50" : ""}`}
        >
          <span className="mt-2 cursor-grab select-none text-base-content/40" aria-hidden="true" onPointerDown={() => setArmed(index)} onPointerUp={() => setArmed(null)}>
            ⋮⋮
          </span>
          <div className="min-w-0 flex-1">{render(item, index)}</div>
          <div className="flex flex-col">
            <button type="button" className="btn btn-ghost btn-xs" disabled={disabled || index === 0} aria-label={`Mover ${noun} ${labelOf(item)} para cima`} onClick={() => move(index, index - 1)}>
              <Icon name="arrowUp" className="size-3" />
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              disabled={disabled || index === items.length - 1}
              aria-label={`Mover ${noun} ${labelOf(item)} para baixo`}
              onClick={() => move(index, index + 1)}
            >
              <Icon name="arrowDown" className="size-3" />
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
