import type { AvailabilitySlot } from '@turnbook/contracts/schemas/appointments';

export type DayPart = 'Morning' | 'Afternoon' | 'Evening';

/** Before noon, noon to 5 pm, from 5 pm: how salons' booking pages group a day's times. */
export const partOf = (startMin: number): DayPart => (startMin < 12 * 60 ? 'Morning' : startMin < 17 * 60 ? 'Afternoon' : 'Evening');

/** The free times by part of the day, in order, leaving out parts with none. */
export function groupTimes(slots: AvailabilitySlot[]): Array<{ part: DayPart; slots: AvailabilitySlot[] }> {
  const parts: DayPart[] = ['Morning', 'Afternoon', 'Evening'];
  return parts.map((part) => ({ part, slots: slots.filter((s) => partOf(s.startMin) === part) })).filter((g) => g.slots.length > 0);
}
