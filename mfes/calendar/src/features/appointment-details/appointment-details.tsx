import { lazy, Suspense } from 'react';
import type { AppointmentDetailsProps } from './props';

// The modal and everything done from it load only when an appointment is opened: the route stays light.
const DetailsModal = lazy(() => import(/* webpackChunkName: "calendar-appointment-details" */ './details-modal'));

/** The appointment details modal, open while `appointmentId` is set (a click on the grid or ?appointment={id}). */
export function AppointmentDetails(props: AppointmentDetailsProps) {
  if (props.appointmentId === null) return null;
  return (
    <Suspense fallback={null}>
      <DetailsModal key={props.appointmentId} {...props} appointmentId={props.appointmentId} />
    </Suspense>
  );
}
