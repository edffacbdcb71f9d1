import { formatTime12 } from '@turnbook/domain/hours/time12';
import { useEffect, useState } from 'react';
import { nowMinuteIn } from './grid-model';
import { slotCount, slotsTo, type TimeAxis } from './time-axis';

/** The current minute in the store's zone, read again every 30 seconds (null: no zone, the grid shows another day). */
export function useNowMinute(zone: string | undefined): number | null {
  const [now, setNow] = useState(() => (zone ? nowMinuteIn(zone) : null));
  useEffect(() => {
    if (!zone) {
      setNow(null);
      return;
    }
    setNow(nowMinuteIn(zone));
    const timer = setInterval(() => setNow(nowMinuteIn(zone)), 30_000);
    return () => clearInterval(timer);
  }, [zone]);
  return now;
}

/** Now, when the line for it shows in `range` (the store's clock between the grid's first and last row). */
export const nowShown = (now: number | null, range: TimeAxis): number | null => (now !== null && now >= range.open && now <= range.close ? now : null);

/**
 * A half-hour label whose text the time beside the line for now would overlap: from 12 minutes before its
 * hour line to 9 after, with 24-pixel quarters (the label's text sits 6 px above its line to 12 below; the time's
 * 8.5 px either side of the line). The time column leaves it out rather than show half of it under the time.
 */
export const underNowTime = (labelMinute: number, now: number | null) => now !== null && now - labelMinute > -13 && now - labelMinute < 10;

/**
 * The line for now across today's columns (issue 31 item 4), with the time beside it in the time column.
 * It spans the grid's slot rows and lets every click through to the slots and cards under it.
 */
export function NowLine({ now, range, slotPx }: { now: number; range: TimeAxis; slotPx: number }) {
  const slots = slotCount(range);
  const top = slotsTo(range, now) * slotPx;
  return (
    <div className="tb-now" style={{ gridRow: `2 / span ${slots}` }} aria-hidden="true">
      <div className="tb-now-line" data-testid="now-line" data-minute={now} style={{ top }}>
        <span className="tb-now-time">{formatTime12(now).replace(/^0/, '')}</span>
      </div>
    </div>
  );
}
