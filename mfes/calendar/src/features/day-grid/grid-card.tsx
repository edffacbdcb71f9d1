import type { AppointmentView } from '@turnbook/contracts/schemas/scheduling';
import { formatTime12 } from '@turnbook/domain/hours/time12';
import { formatDollars } from '@turnbook/domain/money/money';
import type { CSSProperties } from 'react';
import { cardLines, rowsOf, timeParts, toneOf, type Placed } from './grid-model';
import { SLOT_PX, type Landing } from './grid-types';
import type { TimeAxis } from './time-axis';
import { useCardDrag } from './use-drag-link';

const landingTime = (l: Landing) => `${formatTime12(l.startMin)} - ${formatTime12(l.endMin)}`;
export const OUTSIDE_HOURS_MARK = "Outside the store's hours";

/** The outline where the card will land, with its new time (or why it cannot land there). */
export function LandingMark({ landing, range }: { landing: Landing; range: TimeAxis }) {
  const { rowStart, rowEnd } = rowsOf(landing, range);
  const style: CSSProperties = { top: (rowStart - 1) * SLOT_PX, height: (rowEnd - rowStart) * SLOT_PX };
  return (
    <div className="tb-landing" data-testid="landing" data-outside={landing.outside || undefined} style={style} aria-live="polite">
      {landingTime(landing)}
      {landing.outside ? <span>{OUTSIDE_HOURS_MARK}</span> : null}
    </div>
  );
}

/** The card under the pointer while it is dragged. */
export function LiftedCard({ landing }: { landing: Landing }) {
  const { title } = cardLines(landing.appointment);
  return (
    <div className="tb-card tb-card-lifted" data-tone={toneOf(landing.appointment)} data-outside={landing.outside || undefined}>
      <span className="tb-card-title">{title}</span>
      <span className="tb-card-detail">{landing.outside ? OUTSIDE_HOURS_MARK : landingTime(landing)}</span>
    </div>
  );
}

/** An appointment's card: a button when it opens or drags, its visible lines its name. */
export function Card({ placed, onClick, draggable }: { placed: Placed; onClick?: (a: AppointmentView) => void; draggable: boolean }) {
  const { a, rowStart, rowEnd, lane, lanes } = placed;
  const drag = useCardDrag(a.id, draggable);
  const { title, service, time, kind, label } = cardLines(a);
  // Absolutely placed in its column: cheaper to lay out than a nested grid for hundreds of cards.
  const style: CSSProperties = {
    top: (rowStart - 1) * SLOT_PX + 1,
    height: (rowEnd - rowStart) * SLOT_PX - 2,
    left: `${(lane / lanes) * 100}%`,
    width: `${100 / lanes}%`,
  };
  // Customer, service, time: as many lines as the card's height shows; the rest is in its details on tap.
  // The visible lines are its name (a screen reader hears the separators and the kind of card too).
  const body = (
    <>
      <span className="tb-card-title">{title}</span>
      {service ? <span className="tb-card-line"><span className="tb-sr-only">, </span>{service}</span> : null}
      {time ? (
        <span className="tb-card-time">
          <span className="tb-sr-only">, </span>
          {timeParts(a.startMin, a.endMin).map((p, i) => (p.ampm ? <span key={i} className="tb-card-ampm">{p.text}</span> : p.text))}
        </span>
      ) : null}
      {a.sale ? <span className="tb-card-line"><span className="tb-sr-only">, </span>{formatDollars(a.sale)}</span> : null}
      {kind ? <span className="tb-sr-only">, {kind}</span> : null}
    </>
  );
  const common = { ref: drag.ref, className: 'tb-card', 'data-tone': toneOf(a), 'data-dragging': drag.isDragging || undefined, 'data-appointment': a.id, style, title: label };
  if (!onClick && !draggable) return <div {...common}>{body}</div>;
  return (
    <button
      type="button"
      {...common}
      {...drag.props}
      aria-disabled={!onClick || undefined}
      onClick={onClick ? () => onClick(a) : undefined}
    >
      {body}
    </button>
  );
}
