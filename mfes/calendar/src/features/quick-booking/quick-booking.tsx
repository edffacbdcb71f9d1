import type { StoreView } from '@turnbook/contracts/schemas/scheduling';
import { lazy, Suspense } from 'react';
import type { CarriedBooking } from '../booking-wizard/index';
import type { QuickSlot } from './quick-slot';

// Loaded when a slot is first clicked, as the wizard is, so the calendar route stays light.
const QuickPanel = lazy(() => import(/* webpackChunkName: "quick-booking" */ './quick-panel'));

/** Quick booking from a slot; closed while `slot` is null. */
export function QuickBooking({ slot, ...props }: { store: StoreView; slot: QuickSlot | null; onClose: () => void; onFullWizard: (carried: CarriedBooking) => void }) {
  if (!slot) return null;
  return (
    <Suspense fallback={null}>
      <QuickPanel key={JSON.stringify(slot)} slot={slot} {...props} />
    </Suspense>
  );
}
