/** A walk-in's start: the nearest 15 minutes (7 and a half minutes past rounds up). */
export function nearestQuarter(minutes: number): number {
  return Math.round(minutes / 15) * 15;
}

/**
 * Whether a signed-in person waits in the walk-in line (the kiosk's place and wait): a walk-in does (its sheet
 * has no appointment, or the walk-in appointment the kiosk wrote for it); someone who signed in for a booked
 * appointment (or an online request) does not: they have a time, and the desk knows they are here.
 */
export function waitsInWalkInLine(appointment: { walkIn?: boolean | null } | null | undefined): boolean {
  return appointment == null || appointment.walkIn === true;
}
