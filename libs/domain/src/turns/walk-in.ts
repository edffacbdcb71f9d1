/** A walk-in's start: the nearest 15 minutes (7 and a half minutes past rounds up). */
export function nearestQuarter(minutes: number): number {
  return Math.round(minutes / 15) * 15;
}
