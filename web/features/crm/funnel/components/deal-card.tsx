import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Link } from "wouter";
import { formatBrl } from "../hooks/use-deal";
import { type Card, daysInStage } from "../hooks/use-funnel";

type Props = { card: Card; disabled: boolean; overlay?: boolean };

/** The card's face: title (a link to the deal page), contact, value, owner and days in the stage. */
function CardBody({ card, handle }: { card: Card; handle?: React.ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      {handle}
      <div className="min-w-0 flex-1">
        <Link
          href={`/funil/negocios/${card.id}`}
          className="link-hover font-medium text-sm [overflow-wrap:anywhere] after:absolute after:inset-0 after:content-['']"
          data-testid="deal-card-link"
        >
          {card.title}
        </Link>
        {card.contactName && <p className="truncate text-base-content/70 text-xs">{card.contactName}</p>}
        <p className="mt-1 font-semibold text-sm tabular-nums">{formatBrl(card.valueCents)}</p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-2 text-base-content/60 text-xs">
          <span className="truncate">{card.ownerName ?? "Sem responsável"}</span>
          <span>{daysInStage(card.enteredStageAt)}</span>
        </div>
      </div>
    </div>
  );
}

/**
 * A draggable card. The mouse drags it from anywhere (a click without movement follows the
 * title's link, stretched over the card); the keyboard picks it up by its handle button.
 */
export function DealCard({ card, disabled }: Props) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id: card.id, data: { type: "card", stageId: card.stageId }, disabled });
  const style = { transform: CSS.Translate.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      {...listeners}
      className={`relative rounded-box border border-base-300 bg-base-100 p-3 shadow-sm ${isDragging ? "opacity-40" : ""}`}
      data-testid="deal-card"
      data-deal-id={card.id}
    >
      <CardBody
        card={card}
        handle={
          disabled ? undefined : (
            <button
              type="button"
              ref={setActivatorNodeRef}
              {...attributes}
              aria-roledescription="negócio arrastável"
              aria-label={`Mover ${card.title}`}
              className="btn btn-ghost btn-xs relative z-10 -ml-1 cursor-grab px-1"
            >
              <span aria-hidden="true">⠿</span>
            </button>
          )
        }
      />
    </li>
  );
}

/** What follows the pointer while dragging. */
export function DealCardOverlay({ card }: { card: Card }) {
  return (
    <div className="relative w-64 rotate-2 rounded-box border border-primary bg-base-100 p-3 shadow-lg">
      <CardBody card={card} />
    </div>
  );
}
