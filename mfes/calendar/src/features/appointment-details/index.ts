import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';


export interface AppointmentDetailsProps {
  store: StoreView;
  /** null: closed. */
  appointmentId: number | null;
  onClose: () => void;
  /** Rebook: the page opens the booking wizard with this appointment's customer and services. */
  onRebook: (appointment: AppointmentView) => void;
}

export { AppointmentDetails } from './appointment-details';
