import { todayIn } from '@turnbook/domain';
import { startWorldWithGel } from './world';

/** The world as the salon's tablet and front desk see it: the Gel Manicure, the kiosk's and desk's tokens, today. */
export async function startKioskWorld() {
  const { w, gel } = await startWorldWithGel();
  return { w, gel, kiosk: w.svc.keys.kiosk(w.store.id), desk: w.svc.keys.store(w.store.id), today: todayIn('America/New_York') };
}
