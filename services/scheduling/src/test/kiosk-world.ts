import { todayIn, weekdayKeyOf } from '@turnbook/domain';
import { startWorldWithGel } from './world';

/**
 * The world as the salon's tablet and front desk see it: the Gel Manicure, the kiosk's and desk's tokens,
 * today, and the store open round the clock today whatever day the run is on (a staff booking for today
 * stays inside the store's hours, ruling 5; the world's store otherwise opens Mondays and Tuesdays only).
 */
export async function startKioskWorld() {
  const { w, gel } = await startWorldWithGel();
  const today = todayIn('America/New_York');
  await w.as('owner').patch(`/api/store/${w.store.id}`, { hours: { [weekdayKeyOf(today)]: '12:00 am-12:00 am' } }).expect(200);
  return { w, gel, kiosk: w.svc.keys.kiosk(w.store.id), desk: w.svc.keys.store(w.store.id), today };
}
