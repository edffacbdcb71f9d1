import { lazy, Suspense } from 'react';
import type { BookingWizardProps } from './props';

// The wizard's pages, searches and forms load when it first opens, so the calendar route stays light.
const WizardModal = lazy(() => import(/* webpackChunkName: "booking-wizard" */ './wizard-modal'));

/** The new-appointment wizard: closed while `start` is null; each opening starts from its own `start`. */
export function BookingWizard({ start, ...props }: BookingWizardProps) {
  if (!start) return null;
  return (
    <Suspense fallback={null}>
      <WizardModal key={JSON.stringify([start.date, start.staffId, start.time, start.rebookOf?.id])} start={start} {...props} />
    </Suspense>
  );
}
