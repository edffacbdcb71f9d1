import type { AppointmentView, StoreView } from '@turnbook/contracts/schemas/scheduling';

export interface AppointmentDetailsProps {
  store: StoreView;
  /** null: closed. */
  appointmentId: number | null;
  onClose: () => void;
  /** Rebook: the page opens the booking wizard with this appointment's customer and services. */
  onRebook: (appointment: AppointmentView) => void;
  /**
   * The appointment as the grid already holds it. Limited staff may not read an appointment by id, so for
   * them the details show this copy, read-only; others read it fresh.
   */
  appointment?: AppointmentView;
}
