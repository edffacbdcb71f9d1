import { formatTime12 } from '@turnbook/domain/hours/time12';
import { useEffect, useState } from 'react';
import { nowMinuteIn } from './grid-model';
import { slotCount, slotsTo, type TimeAxis } from './time-axis';

/** The current minute in the store's zone, read again every 30 seconds. */
function useNowMinute(zone: string): number {
  const [now, setNow] = useState(() => nowMinuteIn(zone));
  useEffect(() => {
    setNow(nowMinuteIn(zone));
    const timer = setInterval(() => setNow(nowMinuteIn(zone)), 30_000);
    return () => clearInterval(timer);
  }, [zone]);
  return now;
}

/**
 * The line for now across today's columns (issue 31 item 4), with the time beside it in the time column.
 * It spans the grid's slot rows and lets every click through to the slots and cards under it.
 */
export function NowLine({ zone, range, slotPx }: { zone: string; range: TimeAxis; slotPx: number }) {
  const now = useNowMinute(zone);
  if (now < range.open || now > range.close) return null;
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
