import type { ResponseOf } from '@turnbook/contracts';
import { groupDay, viewerFor, type ReadAppointmentsDeps, type ReadInput } from './read-appointments';

export type DayOfStoreDeps = ReadAppointmentsDeps;

/**
 * The calendar's day: appointments grouped as normal, unassigned, cancelled and online, by start time. The
 * router has checked the caller is a member; what they see of each appointment depends on their role
 * (docs/product/roles.md, ./visibility.ts).
 */
export async function dayOfStore(
  deps: DayOfStoreDeps,
  input: ReadInput & { date: string },
): Promise<ResponseOf<'GET getAppointmentsByStoreIdAndDate/{storeId}/{date}'>> {
  const [{ viewer, staffById }, docs] = await Promise.all([viewerFor(deps, input), deps.appointments.days.read(input.storeId, input.date)]);
  return groupDay(viewer, staffById, docs);
}
