import type { WallGap } from './wall-gap';

export const SLOT_MINUTES = 15;

/**
 * The grid's time axis: 15-minute rows from `open` to `close` (wall minutes), with no rows for the wall
 * times the date's clock skips (`gap`, a spring-forward night). A fall-back night's repeated hour has its
 * rows once: an appointment names a wall time, not which of the two it means.
 */
export interface TimeAxis {
  open: number;
  close: number;
  gap?: WallGap | null;
}

/** Minutes of the gap between two wall times. */
const skipped = (gap: WallGap | null | undefined, from: number, to: number) => (gap ? Math.max(0, Math.min(to, gap.to) - Math.max(from, gap.from)) : 0);

/** A wall minute's place on the clock as it ran (the gap folded away: its minutes sit where it ends). */
const placeOf = (gap: WallGap | null | undefined, minute: number) => minute - skipped(gap, 0, minute);

/** The wall minute at a place on the clock as it ran. */
const wallAt = (gap: WallGap | null | undefined, place: number) => (gap && place >= gap.from ? place + gap.to - gap.from : place);

/** Rows from the axis' top down to a wall minute (fractional inside a row; kept inside the axis). */
export function slotsTo(axis: TimeAxis, minute: number): number {
  const m = Math.max(axis.open, Math.min(axis.close, minute));
  return (placeOf(axis.gap, m) - placeOf(axis.gap, axis.open)) / SLOT_MINUTES;
}

export const slotCount = (axis: TimeAxis) => slotsTo(axis, axis.close);

/** The wall minute at the top of a row. */
export const minuteAtSlot = (axis: TimeAxis, slot: number) => wallAt(axis.gap, placeOf(axis.gap, axis.open) + slot * SLOT_MINUTES);

/** The wall minute `minutes` after another on the clock as it ran (1:30 am + 45 is 3:15 am across the gap). */
export const wallAfter = (gap: WallGap | null | undefined, minute: number, minutes: number) => wallAt(gap, placeOf(gap, minute) + minutes);

/** Minutes the clock ran from one wall time to a later one. */
export const ranBetween = (gap: WallGap | null | undefined, from: number, to: number) => placeOf(gap, to) - placeOf(gap, from);
